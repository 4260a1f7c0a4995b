package synonym

import (
	"slices"
	"sync"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// qualifiers are the words that make a name narrower than one without
// them ("adult Fanconi anemia", "chronic persistent hepatitis", "primary
// parkinsonism"): a lexicon files such names under the broader concept
// now and then, but a reader sees another condition.
var qualifiers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"acute": true, "chronic": true, "adult": true, "infantile": true, "juvenile": true,
		"childhood": true, "neonatal": true, "animal": true, "familial": true, "hereditary": true, "congenital": true,
		"primary": true, "secondary": true, "idiopathic": true, "malignant": true, "benign": true, "induced": true,
		"severe": true, "mild": true, "early": true, "late": true, "recurrent": true, "persistent": true, "mixed": true,
		"ectopic": true,
		// Forms and preparations of a substance: another substance to a
		// chemist ("creatine anhydride", "anhydrous dextrose", "L-isomer
		// arginine", "endogenous nitrate vasodilator").
		"anhydrous": true, "anhydride": true, "hydrate": true, "monohydrate": true, "dihydrate": true, "hemihydrate": true,
		"isomer": true, "racemic": true, "denatured": true, "dehydrated": true, "anion": true, "cation": true, "ion": true,
		"radical": true, "endogenous": true, "hydrochloride": true, "salt": true}
})

// addsQualifier reports whether name has a qualifier (see qualifiers)
// that mention lacks, or lacks one that mention has ("viral hepatitis C"
// for "chronic hepatitis C" is broader).
func addsQualifier(name, mention string) bool {
	return addsQualifierWords(english.Words(name), english.Words(mention))
}

// addsQualifierWords is addsQualifier of the english.Words of the name
// (nw) and of the mention (mw).
func addsQualifierWords(nw, mw []string) bool {
	for _, w := range nw {
		if qualifiers()[w] && !slices.Contains(mw, w) {
			return true
		}
	}
	for _, w := range mw {
		if qualifiers()[w] && !slices.Contains(nw, w) {
			return true
		}
	}
	return false
}
