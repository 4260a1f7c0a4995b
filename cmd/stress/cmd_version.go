package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
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
// tool, its version and revision, the date and the command. The date is
// SOURCE_DATE_EPOCH's when it is set (reproducible-builds.org), so that
// two runs of one command give the same bytes.
func provenance(e *env) (compare.Provenance, error) {
	rev, modified := revision()
	date, err := reportDate(e, time.Now)
	if err != nil {
		return compare.Provenance{}, err
	}
	return compare.Provenance{Tool: "stress", Version: version, Revision: rev, Modified: modified,
		Date: date, Command: shellLine(append([]string{"stress"}, e.Args...))}, nil
}

// reportDate is the date a report says it was made, in RFC 3339 and UTC:
// SOURCE_DATE_EPOCH (seconds since 1970) when it is set, else now.
func reportDate(e *env, now func() time.Time) (string, error) {
	v, ok := e.Getenv("SOURCE_DATE_EPOCH")
	if !ok {
		return now().UTC().Format(time.RFC3339), nil
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	if err != nil || secs < 0 || secs > 253402300799 { // 9999-12-31T23:59:59Z
		return "", usageErrorf("SOURCE_DATE_EPOCH=%q: want the seconds since 1970-01-01 UTC, a whole number from 0", v)
	}
	return time.Unix(secs, 0).UTC().Format(time.RFC3339), nil
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
