package synonym

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/concepts"
	"github.com/stress-ner/stress/perturb/internal/mention"
	"github.com/stress-ner/stress/umls"

	"github.com/stress-ner/stress/internal/textutil"
)

// openDefault opens the embedded default store.
var openDefault = func() (Store, error) { return umls.OpenDefault() }

// Kind describes the perturbation for the registry and perturb.Apply.
var Kind = newKind()

func init() { perturb.Register(Kind) }

// newKind builds the kind at package initialisation: its option
// defaults are the constants DefaultOptions holds, not DefaultOptions
// itself, which builds the type map and the excluded concepts.
func newKind() *perturb.Kind {
	return &perturb.Kind{
		Name:   Name,
		Suffix: Suffix,
		Help:   "replace gold mentions by another name of the same concept (\"doxorubicin\" -> \"adriamycin\"), never an abbreviation by its long form (see abbreviation)",
		Options: []perturb.Option{
			{Name: "db", Default: "", Input: true, Help: "concept store from 'stress umls import' (default: the embedded open lexicons)"},
			{Name: "type-map", Default: "", Help: concepts.OptionHelp},
			{Name: "ambiguous", Default: ambiguousSkip, Help: "mention naming several concepts of one source: skip, or use the first"},
			{Name: "strategy", Default: defaultStrategy, Help: "choice among synonyms: random, shortest, longest, dissimilar or preferred"},
			{Name: "tokenize", Default: tokenizeAuto, Help: "tokenization of replacements: auto, punct (\"5 - FU\") or space (\"5-FU\")"},
			{Name: "exclude-sources", Default: "", Help: "comma-separated sources never used (MESH, DRUGBANK, CHEBI, DOID, NCIT, or UMLS SABs)"},
			{Name: "exclude-tty", Default: "", Help: "comma-separated term types never used as replacements"},
			{Name: "avoid", Default: "", Files: true, Help: "file of names and pairs (\"from -> to\") never used, in the format of the embedded avoid list, as 'stress review score --avoid' writes them"},
			{Name: "unseen-in", Default: "", List: true, Files: true, Help: "corpora (e.g. train.tsv; comma-separated) whose gold mentions are never used as replacements"},
			{Name: "unseen-only", Default: "false", Bool: true, Help: "with --unseen-in: leave a mention alone when all its names were seen (default: prefer the unseen ones)"},
			{Name: "strata", Default: "default", List: true, Help: "strata of names used: 'default' (the strata blind readings found natural, see policy.tsv), 'all', or a comma-separated list of strata as 'stress stats --manifest' counts them ('default,MESH entry')"},
			{Name: "embedded-avoid", Default: "true", Bool: true, Help: "apply the embedded avoid lists of names and pairs (false: the rules and the policy alone, as a measurement of them needs)"},
			{Name: "exclude-concepts", Default: "default", Help: "comma-separated concept ids or patterns (MESH:D0000?????) never used; 'default' in the list stands for post-2015 MeSH ids and BC5CDR annotation conflicts (default,MESH:D012345 adds to them); 'none'"},
		},
		Mentions:           true,
		MeasuredOnMentions: true,
		Letter:             "S",
		Avoidable:          true,
		New:                newFromOptions,
		Stratum:            Stratum,
	}
}

// optionsFromMap parses the registry's option values (missing values
// take their defaults).
func optionsFromMap(m map[string]string) (Options, error) {
	o := DefaultOptions()
	var err error
	if o.TypeMap, err = ParseTypeMap(m["type-map"]); err != nil {
		return o, err
	}
	if v := m["ambiguous"]; v != "" {
		o.Ambiguous = v
	}
	if v := m["strategy"]; v != "" {
		o.Strategy = v
	}
	if v := m["tokenize"]; v != "" {
		o.Tokenize = v
	}
	o.Avoid = m["avoid"]
	if files := textutil.SplitList(m["unseen-in"]); len(files) > 0 {
		if o.Unseen, err = mention.MentionsOf(files...); err != nil {
			return o, err
		}
	}
	if v := m["unseen-only"]; v != "" {
		if o.UnseenOnly, err = strconv.ParseBool(v); err != nil {
			return o, fmt.Errorf("%w: unseen-only %q (want true or false)", ErrOption, v)
		}
		if o.UnseenOnly && o.Unseen == nil {
			return o, fmt.Errorf("%w: unseen-only needs unseen-in", ErrOption)
		}
	}
	if v := m["strata"]; v != "" && v != "default" {
		if o.Strata, err = parseStrata(v); err != nil {
			return o, err
		}
	}
	if v := m["embedded-avoid"]; v != "" {
		embedded, err := strconv.ParseBool(v)
		if err != nil {
			return o, fmt.Errorf("%w: embedded-avoid %q (want true or false)", ErrOption, v)
		}
		o.NoAvoidLists = !embedded
	}
	o.ExcludeSources = textutil.SplitList(m["exclude-sources"])
	o.ExcludeTTY = textutil.SplitList(m["exclude-tty"])
	// "default" stands for the default exclusions wherever it appears in
	// the list, so "default,MESH:D012345" adds to them; "none" (alone)
	// excludes nothing.
	o.ExcludeConcepts = nil
	switch v := strings.TrimSpace(m["exclude-concepts"]); v {
	case "":
		o.ExcludeConcepts = defaultExcludeConcepts()
	case "none":
	default:
		for _, id := range textutil.SplitList(v) {
			switch id {
			case "default":
				o.ExcludeConcepts = append(o.ExcludeConcepts, defaultExcludeConcepts()...)
			case "none":
				return o, fmt.Errorf("%w: exclude-concepts: \"none\" cannot be combined with other items", ErrOption)
			default:
				o.ExcludeConcepts = append(o.ExcludeConcepts, id)
			}
		}
	}
	return o, o.Validate()
}

// newFromOptions opens the store the options name (once, for the whole
// run) and returns a Replacer that closes it.
func newFromOptions(m map[string]string) (perturb.Perturbation, error) {
	opts, err := optionsFromMap(m)
	if err != nil {
		return nil, err
	}
	var store Store
	var closer func() error
	if path := m["db"]; path != "" {
		s, err := umls.Open(path)
		if err != nil {
			return nil, err
		}
		store, closer = s, s.Close
	} else if store, err = openDefault(); err != nil {
		return nil, fmt.Errorf("open default concept store: %w", err)
	}
	if is, ok := store.(concepts.InfoStore); ok {
		if err := concepts.CheckOptionStore(is, m["type-map"]); err != nil {
			if closer != nil {
				closer()
			}
			return nil, fmt.Errorf("%w: %v", ErrOption, err)
		}
	}
	r, err := New(store, opts)
	if err != nil {
		if closer != nil {
			closer()
		}
		return nil, err
	}
	r.closer = closer
	return r, nil
}
