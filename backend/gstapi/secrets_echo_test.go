package gstapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
)

// TestSecretsEchoedByAServiceAreHidden: a service or gateway that echoes the request's headers
// (the API key and secret, the access token) in its error cannot put them in any message gstdesk
// shows, logs or keeps in the audit log.
func TestSecretsEchoedByAServiceAreHidden(t *testing.T) {
	const key, secret = "key_live_ECHOEDKEY123", "SECRET-ECHOED-987654"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body strings.Builder
		json.NewEncoder(&body).Encode(r.Header)
		msg := "echo: " + body.String()
		if r.URL.Path == "/auth/token" || strings.HasSuffix(r.URL.Path, "/token") {
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(map[string]any{"code": 500, "message": msg + " secret=" + secret, "error": map[string]any{"message": msg + " secret=" + secret}})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		json.NewEncoder(w).Encode(map[string]any{"code": 500, "message": msg, "error": map[string]any{"message": msg}})
	}))
	defer srv.Close()
	auth := gstapi.NewAuthenticator(srv.Client(), srv.URL, key, secret)
	c, err := gstapi.NewClient(gstapi.Config{BaseURL: srv.URL, APIKey: key, Tokens: auth, HTTPClient: srv.Client(), RatePerMinute: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, errSearch := c.Search(context.Background(), "27AAPFU0939F1ZV")
	_, errVerify := c.Verify(context.Background(), "27AAPFU0939F1ZV")
	for _, err := range []error{errSearch, errVerify} {
		checkHidden(t, err, key, secret)
	}
	if m := apperr.Redact("audit: " + key + " " + secret); strings.Contains(m, key) || strings.Contains(m, secret) {
		t.Errorf("Redact keeps a secret: %s", m)
	}
}

func checkHidden(t *testing.T, err error, key, secret string) {
	t.Helper()
	if err == nil {
		t.Fatal("the echoing service answered without an error")
	}
	for _, face := range []apperr.Face{apperr.Command, apperr.Window} {
		if m := face.Public(err).Message; strings.Contains(m, key) || strings.Contains(m, secret) {
			t.Errorf("the public message shows a secret: %s", m)
		}
	}
	if m := err.Error(); strings.Contains(m, key) || strings.Contains(m, secret) {
		t.Errorf("the error shows a secret: %s", m)
	}
}
