package compare

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/stress-ner/stress/internal/textutil"
)

// NewProvenance is what a command line knows of a report's origin: the
// tool, its version and revision (of the running binary), the date and
// the command, args quoted as a shell needs them. The date is
// SOURCE_DATE_EPOCH's when getenv has it (reproducible-builds.org), so
// that two runs of one command give the same bytes; a value that is not
// a date is an error.
func NewProvenance(tool, version string, args []string, getenv func(string) (string, bool)) (Provenance, error) {
	rev, modified := revision()
	date, err := reportDate(getenv, time.Now)
	if err != nil {
		return Provenance{}, err
	}
	return Provenance{Tool: tool, Version: version, Revision: rev, Modified: modified,
		Date: date, Command: textutil.ShellLine(args)}, nil
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

// reportDate is the date a report says it was made, in RFC 3339 and UTC:
// SOURCE_DATE_EPOCH (seconds since 1970) when it is set, else now.
func reportDate(getenv func(string) (string, bool), now func() time.Time) (string, error) {
	v, ok := getenv("SOURCE_DATE_EPOCH")
	if !ok {
		return now().UTC().Format(time.RFC3339), nil
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	if err != nil || secs < 0 || secs > 253402300799 { // 9999-12-31T23:59:59Z
		return "", fmt.Errorf("SOURCE_DATE_EPOCH=%q: want the seconds since 1970-01-01 UTC, a whole number from 0", v)
	}
	return time.Unix(secs, 0).UTC().Format(time.RFC3339), nil
}
