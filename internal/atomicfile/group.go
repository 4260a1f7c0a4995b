package atomicfile

import "io"

// Group is a file and the files written beside it (brat's text beside
// its annotations), which belong together: Commit puts them in place
// all or none, the files beside it first (CommitAll), so that Main
// never appears without them; Abort and Unpublish act on all of them.
// A Group is a Committer.
type Group struct {
	Main *File
	side []*File
}

// Beside creates target as Create does (with noClobber) and makes it a
// file of g. It returns an io.Writer for the callbacks of writers that
// make their own side files (conll.SideFiles): on error the writer is
// a nil interface, never one holding a nil *File.
func (g *Group) Beside(target string, noClobber bool) (io.Writer, error) {
	f, err := Create(target, noClobber)
	if err != nil {
		return nil, err
	}
	g.side = append(g.side, f)
	return f, nil
}

// Commit puts the files beside Main, then Main, in place: all or none
// (see CommitAll).
func (g *Group) Commit() error {
	cs := make([]Committer, 0, len(g.side)+1)
	for _, f := range g.side {
		cs = append(cs, f)
	}
	return CommitAll(append(cs, g.Main)...)
}

// Abort discards every file of g. It is safe to call more than once and
// after Commit.
func (g *Group) Abort() {
	for _, f := range g.side {
		f.Abort()
	}
	g.Main.Abort()
}

// Unpublish removes what Commit put in place, where it is still there
// (see File.Unpublish).
func (g *Group) Unpublish() {
	for _, f := range g.side {
		f.Unpublish()
	}
	g.Main.Unpublish()
}
