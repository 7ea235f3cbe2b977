//go:build dev

package main

import (
	"os"
	"strings"
)

// The dev binary's (-tags dev, the e2e runner's) answer to the Open dialog:
//
//	GSTDESK_OPEN_DIALOG=FILE   the test writes the path a person would choose into FILE before it
//	                           clicks the button; Files.ChooseFile returns it and removes FILE.
//	                           No FILE is a dialog cancelled.
func init() { devOpenDialog = answerOpenDialog }

func answerOpenDialog() (string, bool) {
	queue := os.Getenv("GSTDESK_OPEN_DIALOG")
	if queue == "" {
		return "", false
	}
	b, err := os.ReadFile(queue)
	if err != nil {
		return "", true
	}
	os.Remove(queue)
	return strings.TrimSpace(string(b)), true
}
