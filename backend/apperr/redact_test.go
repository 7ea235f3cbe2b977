package apperr

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		`Base URL "https://user:s3cret@api.example.in/v1?key=K#frag" is wrong.`: `Base URL "https://api.example.in/v1" is wrong.`,
		"see https://api.example.in/x?api_key=abc.":                             "see https://api.example.in/x.",
		"sftp://backup:hunter2@nas.local:22/gstdesk failed":                     "sftp://nas.local:22/gstdesk failed",
		"(http://a:b@127.0.0.1:8080)":                                           "(http://127.0.0.1:8080)",
		"no address here":                                                       "no address here",
		"https://api.example.in":                                                "https://api.example.in",
		"https://u:p@h@evil.example/p":                                          "https://evil.example/p",
		"s3://KEY:SECRET@bucket/path?x=1":                                       "s3://bucket/path",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every way a message is made or shown passes through Redact: a password written into one never
// reaches a person, a script or the log.
func TestMessagesNeverShowCredentials(t *testing.T) {
	const u = "https://admin:pa55word@api.example.in/path?token=t0ken#x"
	cause := fmt.Errorf("Get %q: dial tcp: refused", u)
	for name, err := range map[string]error{
		"New":            New(Invalid, "Base URL %q must not carry a user name.", u),
		"Wrap":           Wrap(Unavailable, cause, "Cannot reach %s.", u),
		"Internal Error": Wrap(Internal, cause, "pull failed"),
		"plain error":    cause,
		"literal":        &Error{Kind: Invalid, Message: "given " + u},
	} {
		texts := []string{Window.Public(err).Message, Command.Public(err).Message}
		if e := new(Error); errors.As(err, &e) {
			texts = append(texts, e.Error())
		}
		for _, s := range texts {
			for _, secret := range []string{"pa55word", "admin", "t0ken"} {
				if strings.Contains(s, secret) {
					t.Errorf("%s: %q shows %q", name, s, secret)
				}
			}
		}
	}
}
