package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInternalErrorNamesTheLog: the window's message for an internal error names the log file by
// the path openLog really opened, and the details are in that file.
func TestInternalErrorNamesTheLog(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GSTDESK_DATA_DIR", dir)
	old := logPath
	t.Cleanup(func() { logPath = old })
	log := openLog()
	want := filepath.Join(dir, "gstdesk.log")
	if logPath != want {
		t.Fatalf("logPath = %q, want %q", logPath, want)
	}
	out, _ := formatError(log, errors.New("sql: no such table: secret_detail")).(string)
	var got struct{ Kind, Message string }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Kind != "internal" || !strings.HasSuffix(got.Message, "The details are in the log: "+want) || strings.Contains(got.Message, "secret_detail") {
		t.Errorf("message %q, want one naming %s without the detail", got.Message, want)
	}
	b, err := os.ReadFile(want)
	if err != nil || !strings.Contains(string(b), "secret_detail") {
		t.Errorf("log holds %q (%v), want the detail", b, err)
	}
}

type fullDisk struct{}

func (fullDisk) Write(p []byte) (int, error) { return 0, errors.New("no space left on device") }

// On a full disk the log cannot take the details: the message says so and gives them, never
// "the details are in the log" where they are not.
func TestInternalErrorWhenTheLogCannotBeWritten(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GSTDESK_DATA_DIR", dir)
	old := logPath
	t.Cleanup(func() { logPath = old })
	log := openLog()
	logSink.w = fullDisk{}
	out, _ := formatError(log, errors.New("disk I/O error while saving")).(string)
	var got struct{ Kind, Message string }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got.Message, "The details are in the log") || !strings.Contains(got.Message, "could not be written: no space left on device") ||
		!strings.Contains(got.Message, "disk I/O error while saving") {
		t.Errorf("message %q", got.Message)
	}
}
