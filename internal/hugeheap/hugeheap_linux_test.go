package hugeheap

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestReserveAdvises checks in /proc/self/smaps that the range reserve
// advised is mapped with the huge page flag ("hg" in VmFlags), whatever
// the system's transparent huge page setting (the advice is recorded
// even where the kernel will not act on it).
func TestReserveAdvises(t *testing.T) {
	start, end, err := reserve(8 << 20)
	if err != nil {
		t.Skipf("madvise(MADV_HUGEPAGE): %v (a kernel without transparent huge pages)", err)
	}
	if end-start < hugePage || start%hugePage != 0 || end%hugePage != 0 {
		t.Fatalf("advised %#x-%#x: want at least one aligned huge page", start, end)
	}
	flags, err := vmFlags(start, end)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range flags {
		if !strings.Contains(" "+f+" ", " hg ") {
			t.Errorf("a mapping of %#x-%#x has VmFlags %q, without hg", start, end, f)
		}
	}
}

func TestReserveSmall(t *testing.T) {
	if start, end, err := reserve(hugePage - 1); start != 0 || end != 0 || err != nil {
		t.Errorf("reserve(%d) = %#x, %#x, %v; want nothing done", hugePage-1, start, end, err)
	}
}

// vmFlags returns the VmFlags lines of the mappings that overlap
// [start, end), and an error when they do not cover it.
func vmFlags(start, end uintptr) ([]string, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var flags []string
	covered, in := uintptr(0), false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mapping(line); ok {
			in = lo < end && hi > start
			if in {
				covered += min(hi, end) - max(lo, start)
			}
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			flags = append(flags, strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if covered != end-start {
		return nil, fmt.Errorf("mappings cover %d of the %d bytes of %#x-%#x", covered, end-start, start, end)
	}
	return flags, nil
}

// mapping parses the first line of a mapping in smaps ("lo-hi perms ...").
func mapping(line string) (lo, hi uintptr, ok bool) {
	r, _, _ := strings.Cut(line, " ")
	a, b, found := strings.Cut(r, "-")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(x), uintptr(y), true
}
