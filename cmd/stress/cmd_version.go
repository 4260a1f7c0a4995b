package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/stress-ner/stress/compare"
)

func init() {
	register(&command{
		Name:    "version",
		Summary: "print the tool version",
		Bind: bind(nil, func(_ context.Context, e *env, _ *struct{}, args []string) error {
			if len(args) > 0 {
				return usageErrorf("version takes no arguments")
			}
			_, err := fmt.Fprintf(e.Stdout, "stress %s (%s, %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return err
		}),
	})
}

// revision returns the VCS revision the binary was built from, and
// whether the checkout had uncommitted changes: "unknown" when it was
// not built from a checkout (go test, a build with -buildvcs=false).
func revision() (string, bool) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown", false
	}
	return revisionOf(info)
}

// revisionOf reads the revision from build information: the VCS
// revision Go stamps into a build from a checkout, else the module
// version of a `go install ...@version` (a pseudo-version names the
// commit), else "unknown".
func revisionOf(info *debug.BuildInfo) (string, bool) {
	rev, modified := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		rev = "unknown"
		if v := info.Main.Version; v != "" && v != "(devel)" {
			rev = "module version " + v
		}
	}
	return rev, modified
}

// provenance is what the command line knows of a report's origin: the
// tool, its version and revision, the date and the command.
func provenance(e *env) compare.Provenance {
	rev, modified := revision()
	return compare.Provenance{Tool: "stress", Version: version, Revision: rev, Modified: modified,
		Date: time.Now().UTC().Format(time.RFC3339), Command: shellLine(append([]string{"stress"}, e.Args...))}
}

// shellLine quotes args as a POSIX shell would need them.
func shellLine(args []string) string {
	var out []string
	for _, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,/:+@%") == "" {
			out = append(out, a)
			continue
		}
		out = append(out, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	return strings.Join(out, " ")
}
