package synonym

import "github.com/stress-ner/stress/umls"

// openDefault opens the embedded default store; a variable so that tests
// of the registry can count calls.
var openDefault = func() (Store, error) { return umls.OpenDefault() }
