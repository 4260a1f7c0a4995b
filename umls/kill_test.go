package umls

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as an importer child process, so that
// TestImportKilled can SIGKILL a real import midway.
func TestMain(m *testing.M) {
	if target := os.Getenv("UMLS_KILL_CHILD"); target != "" {
		_, err := Import(context.Background(), target, ImportOptions{MRCONSO: os.Getenv("UMLS_KILL_INPUT")})
		if err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func killedImport(t *testing.T) {
	src := t.TempDir()
	conso := filepath.Join(src, "MRCONSO.RRF")
	f, err := os.Create(conso)
	if err != nil {
		t.Fatal(err)
	}
	if err := GenerateRRF(f, nil, GenerateOptions{Rows: 400000, Seed: 4}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	dir := t.TempDir()
	target := filepath.Join(dir, "out.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "UMLS_KILL_CHILD="+target, "UMLS_KILL_INPUT="+conso)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the temporary file is being written, then kill.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ents, _ := os.ReadDir(dir)
		started := false
		for _, e := range ents {
			if strings.Contains(e.Name(), ".tmp-") {
				if st, err := e.Info(); err == nil && st.Size() > 1<<20 {
					started = true
				}
			}
		}
		if started {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("import did not start")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Kill()
	err = cmd.Wait()
	if cmd.ProcessState.Success() {
		t.Skip("import finished before the kill; nothing to check")
	}
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatalf("killed import left %s (stat err %v)", target, err)
	}
}
