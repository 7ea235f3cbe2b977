package main

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// testOnly names what only the tests need: the Makefile's TEST_APT list, plus what an earlier
// setup installed for them (or pulled in through Chromium's Recommends) and the S3 test server.
// None of it may be installed, built or started by `make run`.
var testOnly = []string{
	"openssh-server", "avahi-daemon", "avahi-utils", "system-config-printer",
	"chromium", "chromium-driver", "x11-apps", "xdotool", "x11-utils", "imagemagick", "poppler-utils",
	"versitygw",
}

// makeList is the value of a `NAME := a b c` line of the Makefile.
func makeList(t *testing.T, makefile, name string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `\s*:=\s*(.*)$`).FindStringSubmatch(makefile)
	if m == nil {
		t.Fatalf("the Makefile has no %s := line", name)
	}
	return strings.Fields(m[1])
}

// dryRun is what `make -n TARGET` would run, split into words (quotes and parentheses dropped).
func dryRun(t *testing.T, target string) map[string]bool {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Fatalf("make is not installed (the README's toolchain: Go, Node.js with npm, make, git): %v", err)
	}
	cmd := exec.Command("make", "-n", "--no-print-directory", target)
	// Not the flags of a `make test` this test may run under.
	cmd.Env = append(os.Environ(), "MAKEFLAGS=", "MFLAGS=", "MAKELEVEL=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make -n %s: %v\n%s", target, err, out)
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(string(out), func(r rune) bool {
		return strings.ContainsRune(" \t\n\"'();|{}", r)
	}) {
		words[w] = true
		if i := strings.LastIndexByte(w, '/'); i >= 0 { // a path: its last part too (…/bin/versitygw)
			words[w[i+1:]] = true
		}
	}
	return words
}

// TestRunInstallsNothingTestOnly: `make run` (and setup, build, dev) installs what running needs
// and nothing the tests alone need; `make test` installs every test-only package.
func TestRunInstallsNothingTestOnly(t *testing.T) {
	b, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	runAPT := makeList(t, string(b), "RUN_APT")
	testAPT := makeList(t, string(b), "TEST_APT")
	forbidden := append([]string{}, testOnly...)
	for _, p := range testAPT {
		if !slices.Contains(forbidden, p) {
			forbidden = append(forbidden, p)
		}
	}
	for _, p := range runAPT {
		for _, f := range forbidden {
			if p == f {
				t.Errorf("RUN_APT holds %s, which only the tests need: move it to TEST_APT", p)
			}
		}
	}
	for _, target := range []string{"run", "setup", "build", "dev"} {
		t.Run(target, func(t *testing.T) {
			words := dryRun(t, target)
			for _, f := range forbidden {
				if words[f] {
					t.Errorf("make %s would install or start %s, which only the tests need", target, f)
				}
			}
			if target == "build" {
				return
			}
			for _, p := range runAPT {
				if !words[p] {
					t.Errorf("make %s does not install %s (RUN_APT)", target, p)
				}
			}
		})
	}
	t.Run("test", func(t *testing.T) {
		words := dryRun(t, "test")
		for _, p := range append(append([]string{}, runAPT...), append(testAPT, "versitygw")...) {
			if !words[p] {
				t.Errorf("make test does not install %s", p)
			}
		}
	})
}
