package textutil

import (
	"regexp"
	"strings"
	"sync"
)

// LazyRegexp returns a function that compiles expr on its first call
// and returns that one *regexp.Regexp ever after, safe for concurrent
// use: a package-level pattern costs nothing at package initialisation,
// so a command that never matches it never compiles it. A bad pattern
// panics on first use, as regexp.MustCompile does; the package's tests
// reach every pattern.
func LazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// LazyWords returns a function that builds the set of the
// space-separated words of list on its first call and returns that one
// set ever after, safe for concurrent use: a package-level word set
// costs nothing at package initialisation (a map cannot be laid out by
// the linker, so a map literal is built at start-up by every command).
// The set must not be changed.
func LazyWords(list string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(list) {
			m[w] = true
		}
		return m
	})
}
