package perturb

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

var (
	registryMu sync.RWMutex
	registry   = map[string]*Kind{}
)

// Register adds a perturbation kind. It panics if the name or suffix is
// empty or already registered, as that is a programming error.
func Register(k *Kind) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if k.Name == "" || k.Suffix == "" || k.New == nil {
		panic("perturb: Register of incomplete kind")
	}
	if _, dup := registry[k.Name]; dup {
		panic("perturb: duplicate kind " + k.Name)
	}
	registry[k.Name] = k
}

// Lookup returns the kind registered under name.
//
// A name of several kinds joined by "+" ("keyboard+case") is their
// composition: the kind that applies them in order to the same
// sentence, with one output and one change log, in which every change
// names the component kind that made it. Its suffix joins the kinds'
// suffixes ("key+case"), its options are the union of theirs (option
// names are unique across kinds), and it seeds one generator per
// sentence from its own name, from which the components draw in turn: a
// composition never changes the output of its components run alone.
// Every component sees the same word selection, made on the original
// sentence, so only the last may change the number of tokens (synonym,
// entity-swap).
func Lookup(name string) (*Kind, error) {
	if strings.Contains(name, "+") {
		var ks []*Kind
		for _, n := range strings.Split(name, "+") {
			k, err := Lookup(n)
			if err != nil {
				return nil, err
			}
			ks = append(ks, k)
		}
		return compose(ks...)
	}
	registryMu.RLock()
	defer registryMu.RUnlock()
	k, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownKind, name, strings.Join(names(), ", "))
	}
	return k, nil
}

// All returns the registered kinds sorted by name.
func All() []*Kind {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]*Kind, 0, len(registry))
	for _, k := range registry {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func names() []string {
	var ns []string
	for n := range registry {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}
