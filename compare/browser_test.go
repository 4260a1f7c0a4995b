package compare

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// findChromium returns the chromium binary, or skips (fails under CI=true,
// where the CI script installs Debian's chromium).
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found, but CI=true: the CI image must install it (apt-get install -y chromium)")
	}
	t.Skip("chromium not installed")
	return ""
}

func chromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return stdout.Bytes()
}

// TestHTMLInBrowser renders the report in headless Chromium and checks
// that the charts are really drawn: the DOM after load holds the SVG
// elements, and the screenshot has coloured pixels where the charts are.
func TestHTMLInBrowser(t *testing.T) {
	bin := findChromium(t)
	c := benchComparer(t, 300)
	c.Samples = 200
	rep, err := c.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var buf bytes.Buffer
	if err := rep.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + page

	dom := string(chromium(t, bin, "--dump-dom", url))
	nSets, nSys := len(rep.Sets), len(rep.Systems)
	for _, want := range []struct {
		frag string
		min  int
	}{
		{`<svg class="f1-chart"`, 1},
		{`<svg class="drop-chart"`, 1},
		{`<svg class="heatmap"`, nSets * nSys * (1 + len(rep.Types))},
		{`<circle class="point"`, nSets*nSys + (nSets-1)*nSys},
		{`<line class="whisker"`, nSets*nSys + (nSets-1)*nSys},
		{`<rect class="cell"`, 9 * nSets * nSys * (1 + len(rep.Types))},
		{`<table>`, 4},
	} {
		if got := strings.Count(dom, want.frag); got < want.min {
			t.Errorf("DOM after load has %d × %s, want at least %d", got, want.frag, want.min)
		}
	}

	shot := filepath.Join(dir, "shot.png")
	chromium(t, bin, "--screenshot="+shot, "--window-size=1200,1600", url)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	// The F1 chart sits below the title and legend, the first heat maps
	// below the drop chart: both in the top 1200 pixels.
	b := img.Bounds()
	colours := map[uint32]bool{}
	nonWhite, saturated := 0, 0
	for y := b.Min.Y; y < min(b.Max.Y, b.Min.Y+1200); y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			colours[r<<16|g<<8|bl] = true
			if r < 240 || g < 240 || bl < 240 {
				nonWhite++
			}
			if max(r, g, bl)-min(r, g, bl) > 80 {
				saturated++ // chart colours, not grey text
			}
		}
	}
	t.Logf("screenshot %v: %d colours, %d non-white, %d saturated pixels", b.Size(), len(colours), nonWhite, saturated)
	if len(colours) < 50 {
		t.Errorf("screenshot has %d distinct colours, want a drawn chart (>= 50)", len(colours))
	}
	if nonWhite < 20000 {
		t.Errorf("screenshot has %d non-white pixels, want >= 20000", nonWhite)
	}
	if saturated < 2000 {
		t.Errorf("screenshot has %d saturated pixels: points, whiskers and heat maps missing?", saturated)
	}
}
