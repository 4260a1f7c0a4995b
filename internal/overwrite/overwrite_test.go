package overwrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stress-ner/stress/internal/atomicfile"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write := func(name string) {
		if err := os.WriteFile(name, []byte("data\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir("sub", 0o755)
	write("in.tsv")
	write("old.tsv")
	if err := os.Link("in.tsv", "hard.tsv"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("in.tsv", "soft.tsv"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("sub", "subl"); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo("fifo", 0o644); err != nil {
		t.Fatal(err)
	}
	device := "/dev/null"
	if err := syscall.Mknod("mynull", syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		device = "mynull"
	}
	abs := filepath.Join(dir, "in.tsv")
	tests := []struct {
		name            string
		inputs, outputs []string
		force           bool
		want            error
		path            string // the output the error names
	}{
		{"new output", []string{"in.tsv"}, []string{"out.tsv"}, false, nil, ""},
		{"output is the input", []string{"in.tsv"}, []string{"in.tsv"}, false, ErrInput, "in.tsv"},
		{"output is the input even with force", []string{"in.tsv"}, []string{"in.tsv"}, true, ErrInput, "in.tsv"},
		{"dot path", []string{"in.tsv"}, []string{"./sub/../in.tsv"}, true, ErrInput, "./sub/../in.tsv"},
		{"absolute path", []string{"in.tsv"}, []string{abs}, true, ErrInput, abs},
		{"hard link", []string{"in.tsv"}, []string{"hard.tsv"}, true, ErrInput, "hard.tsv"},
		{"symbolic link", []string{"in.tsv"}, []string{"soft.tsv"}, true, ErrInput, "soft.tsv"},
		{"new file through a linked directory", nil, []string{"sub/x.tsv", "subl/x.tsv"}, true, ErrTwice, "subl/x.tsv"},
		{"two outputs, one file", []string{"in.tsv"}, []string{"o.tsv", "./o.tsv"}, true, ErrTwice, "./o.tsv"},
		{"an output inside another", nil, []string{"r/pred", "r/pred/cmd/t.tsv"}, true, ErrTwice, "r/pred/cmd/t.tsv"},
		{"an output around another", nil, []string{"r/pred/cmd/t.tsv", "r/pred"}, true, ErrTwice, "r/pred"},
		{"siblings with a common prefix", nil, []string{"r/pred", "r/pred.html", "r/predx/a"}, true, nil, ""},
		{"existing output", []string{"in.tsv"}, []string{"new.tsv", "old.tsv"}, false, atomicfile.ErrExists, "old.tsv"},
		{"existing output with force", []string{"in.tsv"}, []string{"old.tsv"}, true, nil, ""},
		{"standard streams are not files", []string{"-"}, []string{"-", "", "out.tsv"}, false, nil, ""},
		{"a device is written into, not replaced", []string{"in.tsv"}, []string{device}, false, nil, ""},
		{"a device takes several outputs", []string{device}, []string{device, device}, false, nil, ""},
		{"a FIFO is written into, not replaced", []string{"in.tsv"}, []string{"fifo"}, false, nil, ""},
		{"a FIFO is one output", []string{"in.tsv"}, []string{"fifo", "./fifo"}, false, ErrTwice, "./fifo"},
		{"a FIFO input is no output", []string{"fifo"}, []string{"fifo"}, true, ErrInput, "fifo"},
		{"a directory is no output, even with force", []string{"in.tsv"}, []string{"sub"}, true, atomicfile.ErrNotFile, "sub"},
	}
	for _, tt := range tests {
		err := Check(tt.inputs, tt.outputs, tt.force)
		if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
			t.Errorf("%s: Check = %v, want %v", tt.name, err, tt.want)
			continue
		}
		if err == nil {
			continue
		}
		var oe *Error
		var ne *atomicfile.NotFileError
		switch {
		case errors.As(err, &oe):
			if oe.Path != tt.path {
				t.Errorf("%s: error names %q, want %q (%v)", tt.name, oe.Path, tt.path, err)
			}
		case errors.As(err, &ne):
			if ne.Path != tt.path {
				t.Errorf("%s: error names %q, want %q (%v)", tt.name, ne.Path, tt.path, err)
			}
		case err.Error() != tt.path+": file exists":
			t.Errorf("%s: error %q, want it to name %q", tt.name, err, tt.path)
		}
	}
	if b, err := os.ReadFile("in.tsv"); err != nil || string(b) != "data\n" {
		t.Fatalf("Check touched the input: %q %v", b, err)
	}
}

func ExampleCheck() {
	err := Check([]string{"train.tsv"}, []string{"./train.tsv"}, true)
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrInput))
	// Output:
	// ./train.tsv: output would replace an input (train.tsv)
	// true
}

// Within finds the inputs that clearing a directory would remove,
// however they are named; a hard link elsewhere keeps its input.
func TestWithin(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, d := range []string{"r/sub", "other"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"r/in.tsv", "r/sub/deep.tsv", "other/out.tsv"} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range [][2]string{{"r", "rlink"}, {"r/in.tsv", "file-link.tsv"}, {"../r", "other/up"}} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link("r/in.tsv", "hard.tsv"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		inputs []string
		want   string
	}{
		{[]string{"other/out.tsv", "hard.tsv", "-", ""}, ""},
		{[]string{"r/in.tsv"}, "r/in.tsv"},
		{[]string{"other/out.tsv", "rlink/sub/deep.tsv"}, "rlink/sub/deep.tsv"},
		{[]string{"file-link.tsv"}, "file-link.tsv"},
		{[]string{"other/up/sub/deep.tsv"}, "other/up/sub/deep.tsv"},
		{[]string{"r/not-yet.tsv"}, "r/not-yet.tsv"},
		{[]string{"r"}, ""}, // the directory itself stays
	}
	for _, tt := range tests {
		if got := Within("r", tt.inputs); got != tt.want {
			t.Errorf("Within(r, %q) = %q, want %q", tt.inputs, got, tt.want)
		}
		if got := Within("rlink", tt.inputs); got != tt.want {
			t.Errorf("Within(rlink, %q) = %q, want %q", tt.inputs, got, tt.want)
		}
	}
}

func TestCheckDirs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	made := filepath.Join(dir, "made")
	for _, tc := range []struct {
		name    string
		made    string
		outputs []string
		want    error // nil, fs.ErrNotExist or syscall.ENOTDIR
	}{
		{"existing directory", "", []string{filepath.Join(dir, "out.tsv"), "-", ""}, nil},
		{"missing directory", "", []string{filepath.Join(dir, "nodir", "out.tsv")}, fs.ErrNotExist},
		{"a file as directory", "", []string{filepath.Join(file, "out.tsv")}, syscall.ENOTDIR},
		{"inside the directory the run makes", made, []string{filepath.Join(made, "sub", "out.tsv")}, nil},
		{"made is no licence outside it", made, []string{filepath.Join(dir, "other", "out.tsv")}, fs.ErrNotExist},
	} {
		err := CheckDirs(tc.made, tc.outputs)
		if tc.want == nil {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		var pe *fs.PathError
		if !errors.Is(err, tc.want) || !errors.As(err, &pe) || pe.Op != "open" || pe.Path != tc.outputs[0] {
			t.Errorf("%s: %v, want open %s: %v", tc.name, err, tc.outputs[0], tc.want)
		}
	}
}

// TestTwice: one file under two names (a path with "./", a symbolic or
// hard link) is given twice; two files, standard input and "" are not.
func TestTwice(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, f := range []string{"j1.tsv", "j2.tsv"} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("j1.tsv", "link.tsv"); err != nil {
		t.Fatal(err)
	}
	if err := os.Link("j1.tsv", "hard.tsv"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		names         []string
		name, earlier string
	}{
		{[]string{"j1.tsv", "j2.tsv", "-", "-", "", ""}, "", ""},
		{[]string{"j1.tsv", "./j1.tsv"}, "./j1.tsv", "j1.tsv"},
		{[]string{"j2.tsv", "j1.tsv", "link.tsv"}, "link.tsv", "j1.tsv"},
		{[]string{"hard.tsv", "j2.tsv", "j1.tsv"}, "j1.tsv", "hard.tsv"},
		{[]string{"missing.tsv", "sub/../missing.tsv"}, "sub/../missing.tsv", "missing.tsv"},
	} {
		if name, earlier := Twice(tc.names); name != tc.name || earlier != tc.earlier {
			t.Errorf("Twice(%q) = %q, %q; want %q, %q", tc.names, name, earlier, tc.name, tc.earlier)
		}
	}
}
