package compare

import (
	"runtime/debug"
	"testing"
)

func TestRevisionOf(t *testing.T) {
	for _, tc := range []struct {
		name     string
		info     debug.BuildInfo
		rev      string
		modified bool
	}{
		{"checkout", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "1bc6366fe5b219cbd3daaad29068dbc8c4c2434b"}, {Key: "vcs.modified", Value: "false"}}},
			"1bc6366fe5b219cbd3daaad29068dbc8c4c2434b", false},
		{"checkout with changes", debug.BuildInfo{Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "1bc6366"}, {Key: "vcs.modified", Value: "true"}}}, "1bc6366", true},
		{"go install @version", debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261126201253-1bc6366fe5b2"}},
			"module version v0.0.0-20261126201253-1bc6366fe5b2", false},
		{"no stamp (go test, -buildvcs=false)", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "unknown", false},
		{"nothing", debug.BuildInfo{}, "unknown", false},
	} {
		rev, modified := revisionOf(&tc.info)
		if rev != tc.rev || modified != tc.modified {
			t.Errorf("%s: %q, %v; want %q, %v", tc.name, rev, modified, tc.rev, tc.modified)
		}
	}
}
