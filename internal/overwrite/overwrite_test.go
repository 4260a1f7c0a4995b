package overwrite

import (
	"errors"
	"fmt"
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
