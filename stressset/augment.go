package stressset

import (
	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/perturb"
)

// AugmentManifest records how an augmented training set was made, in the
// style of a build manifest: tool version, seed, selection, resolved
// perturbation options, SHA-256 of input and output, and per-part stats.
type AugmentManifest struct {
	Tool      string                 `json:"tool"`
	Version   string                 `json:"version"`
	Command   string                 `json:"command"` // "augment"
	Seed      uint64                 `json:"seed"`
	Selection perturb.Selection      `json:"selection"`
	Kinds     []perturb.ManifestKind `json:"kinds"`
	Copies    int                    `json:"copies"`
	Mix       string                 `json:"mix"`
	Shuffle   bool                   `json:"shuffle"`
	Input     FileInfo               `json:"input"`
	Output    FileInfo               `json:"output"`
	// Changes is the change log's file name, in the manifest's directory.
	Changes string `json:"changes"`
	Parts   []Part `json:"parts"`
	// Scheme is the tag scheme of input and output (iob1, iobes); empty
	// for IOB2.
	Scheme string `json:"scheme,omitempty"`
	// Repair is set when invalid tag transitions of the input were
	// repaired (see AugmentPlan.Repair).
	Repair bool `json:"repair,omitempty"`
	// ChangedOnly and Ratio say which sentences of the perturbed copies
	// the output holds (see experiment.Augmenter).
	ChangedOnly bool    `json:"changed_only,omitempty"`
	Ratio       float64 `json:"ratio,omitempty"`
}

// FileInfo identifies a corpus file.
type FileInfo struct {
	Path      string `json:"path"` // as given; "sample:train" for the embedded sample
	SHA256    string `json:"sha256"`
	Sentences int    `json:"sentences"`
}

// Encode returns the manifest as indented JSON with a final newline; the
// same manifest always gives the same bytes.
func (m *AugmentManifest) Encode() ([]byte, error) {
	return jsonenc.Marshal(m)
}

// Part is one block of an augmented set: the original or one perturbed
// copy. Parts are listed in the order they are written when the set is
// not shuffled.
type Part struct {
	Name  string        `json:"name"`           // "original" or SUFFIX.COPY, e.g. "key.1"
	Kind  string        `json:"kind,omitempty"` // perturbation name; empty for the original
	Copy  int           `json:"copy,omitempty"` // 1-based copy number
	Seed  uint64        `json:"seed,omitempty"` // seed of the copy (stress perturb --seed)
	First int           `json:"first"`          // 0-based index of the part's first sentence in the unshuffled output
	Stats perturb.Stats `json:"stats"`
	// Written is the number of the copy's sentences in the output when
	// --changed-only or --ratio chose among them (Stats count the whole
	// copy); nil when every sentence is there.
	Written *int `json:"written,omitempty"`
}
