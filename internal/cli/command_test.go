package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
)

type greetOptions struct {
	Name  string
	Times int
	Tags  []string
}

func greetSet() *Set {
	cs := &Set{Prog: "demo", Banner: "demo: a test program\n\n", Footer: "\nRun 'demo help COMMAND'.\n",
		Errors: func(err error) error {
			if err != nil && strings.Contains(err.Error(), "nobody") {
				return fmt.Errorf("%w (give --name)", err)
			}
			return err
		}}
	cs.Add(&Command{Name: "greet", Summary: "say hello", Usage: "[--name N] [--times K]",
		Bind: Bind(func(f *Flags, o *greetOptions) {
			f.String(&o.Name, "name", "n", "world", "who to greet")
			f.IntIn(&o.Times, "times", 1, 1, 3, "how often")
			f.Strings(&o.Tags, "tag", "a tag to add (repeatable)")
		}, func(_ context.Context, e *Env, o *greetOptions, args []string) error {
			if len(args) > 0 {
				return UsageErrorf("greet takes no arguments")
			}
			if o.Name == "nobody" {
				return errors.New("greeting nobody")
			}
			for range o.Times {
				fmt.Fprintf(e.Stdout, "hello, %s\n", o.Name)
			}
			return nil
		})})
	cs.Add(&Command{Name: "fail", Summary: "exit 3", Bind: Bind(nil, func(context.Context, *Env, *struct{}, []string) error {
		return &ExitError{Code: 3}
	})})
	return cs
}

func TestSetRun(t *testing.T) {
	tests := []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"greet", "--times", "2", "-n", "you"}, 0, "hello, you\nhello, you\n", ""},
		{[]string{"greet", "--times", "4"}, 2, "", "demo: usage: demo greet: --times: 4: must be at most 3\n"},
		{[]string{"greet", "x"}, 2, "", "demo: usage: greet takes no arguments\n"},
		{[]string{"greet", "--name", "nobody"}, 1, "", "demo: greeting nobody (give --name)\n"},
		{[]string{"fail"}, 3, "", ""},
		{[]string{"nope"}, 2, "", "demo: usage: unknown command \"nope\" (see 'demo help')\n"},
		{[]string{"greet", "--help"}, 0, "Usage: demo greet [--name N] [--times K]\n\nsay hello\n\nFlags:\n", ""},
		{[]string{"help"}, 0, "demo: a test program\n\nUsage: demo COMMAND [flags] [args]\n\nCommands:\n  fail   exit 3\n  greet  say hello\n\nRun 'demo help COMMAND'.\n", ""},
		{[]string{"help", "help"}, 0, "Usage: demo help [COMMAND]\n\nlist the commands, or describe COMMAND and its flags (also: demo COMMAND --help)\n", ""},
		{[]string{"help", "greet"}, 0, "Usage: demo greet [--name N] [--times K]\n\nsay hello\n\nFlags:\n  -n, --name string   who to greet (default \"world\")\n      --times int     how often (default 1)\n      --tag list      a tag to add (repeatable)\n", ""},
		{[]string{"gret"}, 2, "", "demo: usage: unknown command \"gret\" (see 'demo help'; did you mean \"greet\"?)\n"},
		{[]string{"help", "gerete"}, 2, "", "demo: usage: unknown command \"gerete\" (see 'demo help'; did you mean \"greet\"?)\n"},
		{[]string{"greet", "--tags", "x"}, 2, "", "demo: usage: demo greet: unknown flag: --tags (did you mean --tag?)\n"},
		{[]string{"greet", "--nmae=x"}, 2, "", "demo: usage: demo greet: unknown flag: --nmae (did you mean --name?)\n"},
		{[]string{"greet", "--bogus"}, 2, "", "demo: usage: demo greet: unknown flag: --bogus\n"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		err := greetSet().Run(context.Background(), &Env{Stdout: &out, Stderr: &errb}, tt.args)
		code := ExitCode("demo", err, &errb)
		if code != tt.code || !strings.HasPrefix(out.String(), tt.stdout) || errb.String() != tt.stderr {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out.String(), errb.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
}

// TestGroup: a group passes everything after the sub-command's name,
// flags included, to the sub-command, and "help GROUP SUB" describes it.
func TestGroup(t *testing.T) {
	cs := &Set{Prog: "demo"}
	cs.Add(Group("say", "greetings", "greet|fail [flags]", greetSet()))
	for _, tt := range []struct {
		args   []string
		code   int
		stdout string
	}{
		{[]string{"say", "greet", "--times", "2", "-n", "you"}, 0, "hello, you\nhello, you\n"},
		{[]string{"say", "fail"}, 3, ""},
		{[]string{"say", "--times", "2"}, 2, ""},
		{[]string{"help", "say", "greet"}, 0, "Usage: demo greet [--name N] [--times K]\n"},
		{[]string{"help", "say"}, 0, "demo: a test program\n"},
	} {
		var out, errb bytes.Buffer
		code := ExitCode("demo", cs.Run(context.Background(), &Env{Stdout: &out, Stderr: &errb}, tt.args), &errb)
		if code != tt.code || !strings.HasPrefix(out.String(), tt.stdout) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q", tt.args, code, out.String(), errb.String(), tt.code, tt.stdout)
		}
	}
}

func TestParseDefaults(t *testing.T) {
	cs := greetSet()
	for _, c := range cs.Commands() {
		if err := cs.ParseDefaults(c.Name); err != nil {
			t.Error(err)
		}
	}
	if err := cs.ParseDefaults("nope"); err == nil {
		t.Error("no error for an unknown command")
	}
}

func ExampleSet() {
	cs := &Set{Prog: "demo"}
	cs.Add(&Command{Name: "greet", Summary: "say hello",
		Bind: Bind(func(f *Flags, o *greetOptions) {
			f.String(&o.Name, "name", "", "world", "who to greet")
		}, func(_ context.Context, e *Env, o *greetOptions, _ []string) error {
			_, err := fmt.Fprintf(e.Stdout, "hello, %s\n", o.Name)
			return err
		})})
	e := &Env{Stdout: os.Stdout, Stderr: os.Stdout}
	err := cs.Run(context.Background(), e, []string{"greet", "--name", "reader"})
	fmt.Println("exit", ExitCode("demo", err, e.Stderr))
	// Output:
	// hello, reader
	// exit 0
}

func TestEnvSynced(t *testing.T) {
	var buf bytes.Buffer
	e := &Env{Stderr: &buf}
	s := e.Synced()
	if s == e || s.Stderr == io.Writer(&buf) {
		t.Fatal("a buffer is not wrapped")
	}
	if s.Synced() != s {
		t.Error("a synced env is wrapped again")
	}
	if f := (&Env{Stderr: os.Stderr}); f.Synced() != f {
		t.Error("a file is wrapped")
	}
	// Many writers at once: every line whole (run with -race).
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				fmt.Fprintf(s.Stderr, "writer %d\n", i)
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 800 {
		t.Fatalf("%d lines, want 800", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "writer ") || len(l) != len("writer 0") {
			t.Fatalf("broken line %q", l)
		}
	}
}

// fullWriter fails every write, as standard output on a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: errors.New("no space left on device")}
}

// Help that cannot be written is an error (exit 1), not a success.
func TestHelpWriteError(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"help", "greet"}, {"greet", "--help"}, {"-h"}} {
		var errb bytes.Buffer
		err := greetSet().Run(context.Background(), &Env{Stdout: fullWriter{}, Stderr: &errb}, args)
		if code := ExitCode("demo", err, &errb); code != 1 || errb.String() != "demo: write standard output: no space left on device\n" {
			t.Errorf("%q: exit %d, stderr %q; want 1 and the write error", args, code, errb.String())
		}
	}
}
