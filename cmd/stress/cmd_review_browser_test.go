package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stress-ner/stress/internal/browsertest"
)

// devtools drives a headless Chromium through the DevTools protocol
// over --remote-debugging-pipe: JSON messages ended by a NUL byte, the
// browser reading commands on its file descriptor 3 and writing on 4.
// No WebSocket and no dependency: the few commands the test needs.
type devtools struct {
	t        *testing.T
	cmd      *exec.Cmd
	toChrome *os.File
	mu       sync.Mutex
	nextID   int
	replies  map[int]chan cdpMessage
	events   chan cdpMessage
	done     chan struct{}
}

type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func startDevtools(t *testing.T, bin string) *devtools {
	t.Helper()
	inR, inW, err := os.Pipe() // our commands: fd 3 of the browser
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe() // its replies and events: fd 4
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append(browsertest.Flags(t.TempDir()), "--remote-debugging-pipe", "about:blank")...)
	cmd.ExtraFiles = []*os.File{inR, outW}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	inR.Close()
	outW.Close()
	d := &devtools{t: t, cmd: cmd, toChrome: inW, replies: map[int]chan cdpMessage{}, events: make(chan cdpMessage, 1000), done: make(chan struct{})}
	go func() {
		defer close(d.done)
		r := bufio.NewReader(outR)
		for {
			b, err := r.ReadBytes(0)
			if err != nil {
				return
			}
			var m cdpMessage
			if json.Unmarshal(b[:len(b)-1], &m) != nil {
				continue
			}
			if m.ID != 0 {
				d.mu.Lock()
				ch := d.replies[m.ID]
				delete(d.replies, m.ID)
				d.mu.Unlock()
				if ch != nil {
					ch <- m
				}
				continue
			}
			select {
			case d.events <- m:
			default: // events nobody waits for
			}
		}
	}()
	t.Cleanup(func() {
		d.toChrome.Close()
		d.cmd.Process.Kill()
		d.cmd.Wait()
		<-d.done
		if t.Failed() {
			t.Logf("chromium stderr:\n%s", stderr.String())
		}
	})
	return d
}

// call sends a command (to the page when session is not "") and returns
// its result.
func (d *devtools) call(session, method string, params any) json.RawMessage {
	d.t.Helper()
	d.mu.Lock()
	d.nextID++
	id := d.nextID
	ch := make(chan cdpMessage, 1)
	d.replies[id] = ch
	d.mu.Unlock()
	p, err := json.Marshal(params)
	if err != nil {
		d.t.Fatal(err)
	}
	msg, _ := json.Marshal(cdpMessage{ID: id, SessionID: session, Method: method, Params: p})
	if _, err := d.toChrome.Write(append(msg, 0)); err != nil {
		d.t.Fatalf("%s: %v", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			d.t.Fatalf("%s: %s", method, m.Error.Message)
		}
		return m.Result
	case <-time.After(60 * time.Second):
		d.t.Fatalf("%s: no reply from chromium", method)
	}
	return nil
}

// wait returns the next event named method for which ok holds,
// dropping others.
func (d *devtools) wait(method string, ok func(json.RawMessage) bool) json.RawMessage {
	d.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case m := <-d.events:
			if m.Method == method && (ok == nil || ok(m.Params)) {
				return m.Params
			}
		case <-deadline:
			d.t.Fatalf("no %s event from chromium", method)
		}
	}
}

// page is one tab of the browser.
type page struct {
	d       *devtools
	session string
}

func (d *devtools) newPage() *page {
	var target struct{ TargetID string }
	json.Unmarshal(d.call("", "Target.createTarget", map[string]any{"url": "about:blank"}), &target)
	var attached struct{ SessionID string }
	json.Unmarshal(d.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &attached)
	p := &page{d: d, session: attached.SessionID}
	d.call(p.session, "Page.enable", nil)
	d.call(p.session, "DOMStorage.enable", nil)
	return p
}

// until polls expr until it is true: a load event alone can be the
// previous document's (about:blank's, or the page's before a reload).
func (p *page) until(expr string) {
	p.d.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for p.eval(expr) != "true" {
		if time.Now().After(deadline) {
			p.d.t.Fatalf("page never satisfied %s", expr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// ready is true once the judging page has loaded and shown an item.
const ready = `document.readyState === "complete" && !!document.body && !!document.body.dataset.item`

func (p *page) navigate(url string) {
	p.d.call(p.session, "Page.navigate", map[string]any{"url": url})
	p.until("location.href === " + strconv.Quote(url) + " && " + ready)
}

// stored waits until the browser process holds a localStorage entry of
// the page's origin whose value contains every string of want: a page
// writes its storage asynchronously, and a reload right after a write
// may read the storage before the write arrives.
func (p *page) stored(origin string, want ...string) {
	p.d.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var res struct{ Entries [][]string }
		json.Unmarshal(p.d.call(p.session, "DOMStorage.getDOMStorageItems", map[string]any{
			"storageId": map[string]any{"securityOrigin": origin, "isLocalStorage": true}}), &res)
		for _, e := range res.Entries {
			all := len(e) == 2
			for _, w := range want {
				all = all && strings.Contains(e[1], w)
			}
			if all {
				return
			}
		}
		if time.Now().After(deadline) {
			p.d.t.Fatalf("localStorage of %s never held %q: %v", origin, want, res.Entries)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// reload reloads the page and waits for the new document.
func (p *page) reload() {
	p.eval("window.beforeReload = true")
	p.d.call(p.session, "Page.reload", nil)
	p.until("!window.beforeReload && " + ready)
}

// eval evaluates a JavaScript expression and returns its value as JSON.
func (p *page) eval(expr string) string {
	p.d.t.Helper()
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	json.Unmarshal(p.d.call(p.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}), &res)
	if res.ExceptionDetails != nil {
		p.d.t.Fatalf("%s: %s", expr, res.ExceptionDetails.Text)
	}
	return string(res.Result.Value)
}

// keyCodes are the Windows virtual key codes of the keys the test
// presses, which Chromium wants alongside the key name.
var keyCodes = map[string]int{"ArrowLeft": 37, "ArrowRight": 39, "Enter": 13, "e": 69, "n": 78, "u": 85,
	"1": 49, "2": 50, "3": 51, "4": 52, "5": 53}

// press types one key as a user would: key down (with its text), key up.
func (p *page) press(key string) {
	p.d.t.Helper()
	code, ok := keyCodes[key]
	if !ok {
		p.d.t.Fatalf("no key code for %q", key)
	}
	down := map[string]any{"type": "keyDown", "key": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}
	if len(key) == 1 {
		down["text"] = key
	} else if key == "Enter" {
		down["text"] = "\r"
	}
	p.d.call(p.session, "Input.dispatchKeyEvent", down)
	p.d.call(p.session, "Input.dispatchKeyEvent", map[string]any{"type": "keyUp", "key": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code})
}

// typeText types text into the focused element.
func (p *page) typeText(text string) {
	p.d.call(p.session, "Input.insertText", map[string]any{"text": text})
}

// TestReviewPageInBrowser judges three items of a sample in real
// headless Chromium with the keyboard, goes back to change one and
// write a note, reloads (the judgements are kept), exports, and scores
// the export with "stress review score".
func TestReviewPageInBrowser(t *testing.T) {
	bin := browsertest.Chromium(t, "the judging page is not checked in a browser")
	dir := t.TempDir()
	out := filepath.Join(dir, "s")
	if _, stderr, err := runCLI(t, "", "review", "sample", "--out", out, "--n", "8", "--by", "kind", "--seed", "3", "../../review/testdata/build"); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	keyText, err := os.ReadFile(filepath.Join(out, "key.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var items []string
	for _, line := range strings.Split(strings.TrimSpace(string(keyText)), "\n")[1:] {
		items = append(items, strings.SplitN(line, "\t", 2)[0])
	}
	downloads := filepath.Join(dir, "downloads")
	os.Mkdir(downloads, 0o755)

	d := startDevtools(t, bin)
	d.call("", "Browser.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": downloads, "eventsEnabled": true})
	p := d.newPage()
	p.navigate("file://" + filepath.Join(out, "review.html"))

	shown := func() string {
		var id string
		json.Unmarshal([]byte(p.eval("document.body.dataset.item")), &id)
		return id
	}
	text := func(sel string) string {
		var s string
		json.Unmarshal([]byte(p.eval("document.querySelector("+strconv.Quote(sel)+")?.textContent ?? \"(none)\"")), &s)
		return s
	}
	if shown() != items[0] || text("#count") != "0 judged" {
		t.Fatalf("page opens on %q with %q, want %s and 0 judged", shown(), text("#count"), items[0])
	}
	if m := text("#meanings"); !strings.Contains(m, "meaning changed: the changed words name something else") || !strings.Contains(m, "unsure: ") {
		t.Errorf("the page does not say what the labels mean: %q", m)
	}
	if tip := text("#labels button:nth-child(2)"); tip != "2 unnatural" {
		t.Errorf("second button %q, want 2 unnatural", tip)
	} else if title := p.eval(`document.querySelector("#labels button:nth-child(2)").title`); !strings.Contains(title, "the same meaning, but") {
		t.Errorf("second button's tooltip %s, want the meaning of unnatural", title)
	}
	p.press("1") // item 1: natural, on to item 2
	p.press("3") // item 2: meaning changed
	p.press("2") // item 3: unnatural
	if shown() != items[3] || text("#count") != "3 judged" {
		t.Fatalf("after three labels: item %q, %q; want %s, 3 judged", shown(), text("#count"), items[3])
	}
	p.press("ArrowLeft")
	p.press("ArrowLeft") // back to item 2
	if shown() != items[1] || text("#labels button.chosen") != "3 meaning changed" {
		t.Fatalf("back on %q with %q chosen, want %s with meaning changed", shown(), text("#labels button.chosen"), items[1])
	}
	p.press("n") // a note on item 2
	p.typeText("another concept")
	p.press("Enter")
	p.press("ArrowRight") // item 3
	if shown() != items[2] {
		t.Fatalf("forward to %q, want %s", shown(), items[2])
	}

	p.stored("file://", items[0], items[1], items[2], "another concept")
	p.reload()
	// Chromium can hand a reloaded file:// page its storage before the
	// browser process has committed the last write (seen once in CI in
	// about twenty runs, with the entry already in DOMStorage): reload
	// again, waiting longer each time (a loaded machine took more than
	// three reloads 200 ms apart), before calling the state lost. A page
	// that does not save at all fails every reload.
	for try := 1; try <= 8 && text("#count") == "0 judged"; try++ {
		t.Logf("reload %d found no saved state; reloading again", try)
		time.Sleep(time.Duration(try) * 250 * time.Millisecond)
		p.reload()
	}
	if shown() != items[2] || text("#count") != "3 judged" || text("#labels button.chosen") != "2 unnatural" {
		t.Fatalf("after reload: item %q, %q, %q chosen; want %s, 3 judged, unnatural", shown(), text("#count"), text("#labels button.chosen"), items[2])
	}
	p.press("ArrowLeft")
	if got := p.eval(`document.getElementById("note").value`); got != `"another concept"` {
		t.Errorf("note after reload: %s", got)
	}
	p.eval(`document.getElementById("judge").focus()`)
	p.typeText("ann")
	p.press("Enter")
	p.press("e")
	var progress struct{ State string }
	d.wait("Browser.downloadProgress", func(raw json.RawMessage) bool {
		json.Unmarshal(raw, &progress)
		return progress.State == "completed" || progress.State == "canceled"
	})
	if progress.State != "completed" {
		t.Fatalf("download %s", progress.State)
	}
	id := strings.Split(items[0], "-")[0]
	export := filepath.Join(downloads, "judgements-"+id+"-ann.tsv")
	got, err := os.ReadFile(export)
	if err != nil {
		entries, _ := os.ReadDir(downloads)
		t.Fatalf("%v (downloads: %v)", err, entries)
	}
	want := "item\tlabel\tnote\n" + items[0] + "\tnatural\t\n" + items[1] + "\tmeaning changed\tanother concept\n" + items[2] + "\tunnatural\t\n"
	if string(got) != want {
		t.Fatalf("export:\n%s\nwant:\n%s", got, want)
	}

	stdout, stderr, err := runCLI(t, "", "review", "score", "--key", filepath.Join(out, "key.tsv"), export)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, stderr)
	}
	for _, w := range []string{"Judged: 3 of the 8 items of the key.", "In a blind sample of 3 changes, 33.3% were judged natural", "Flagged items: 2", "another concept"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("score output lacks %q:\n%s", w, stdout)
		}
	}
}
