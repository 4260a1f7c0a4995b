package textutil

import (
	"regexp"
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
