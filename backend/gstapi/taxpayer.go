package gstapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"

	"gstdesk/backend/apperr"
)

// TaxpayerSession is a GST portal session of one taxpayer, opened with an OTP; its Token
// authorises the taxpayer operations (GSTR-2A). Keep it in a SessionStore, never in SQLite.
type TaxpayerSession struct {
	Token         string    `json:"token"`
	SessionExpiry time.Time `json:"session_expiry"`
	TokenExpiry   time.Time `json:"token_expiry"`
	Username      string    `json:"username"`
	GSTIN         string    `json:"gstin"`
}

// Active reports whether the session has a token and has not expired at now.
func (s *TaxpayerSession) Active(now time.Time) bool {
	if s == nil || s.Token == "" {
		return false
	}
	end := s.SessionExpiry
	if !s.TokenExpiry.IsZero() && (end.IsZero() || s.TokenExpiry.Before(end)) {
		end = s.TokenExpiry
	}
	return end.IsZero() || now.Before(end)
}

type otpBody struct {
	Username string `json:"username"`
	GSTIN    string `json:"gstin"`
}

func checkUsername(s string) (string, error) {
	v := strings.TrimSpace(s)
	if v == "" {
		return "", invalid("The GST portal user name is empty. Enter the taxpayer's portal user name.")
	}
	if len(v) > 100 {
		return "", invalid("The GST portal user name is too long (%d characters).", len(v))
	}
	return v, nil
}

// RequestOTP asks the GST portal to send an OTP to the taxpayer's phone and e-mail. It is sent once:
// a retry could send the taxpayer a second OTP.
func (c *Client) RequestOTP(ctx context.Context, username, gstinValue string) error {
	u, err := checkUsername(username)
	if err != nil {
		return err
	}
	g, err := checkGSTIN(gstinValue)
	if err != nil {
		return err
	}
	cl := call{op: "the OTP request", method: http.MethodPost, path: "/gst/compliance/tax-payer/otp", body: otpBody{u, g}, tn: true}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return err
	}
	_, _, err = resp.payload(cl)
	return err
}

// VerifyOTP opens a taxpayer session with the OTP the taxpayer received. It is sent once: a retry
// could open a second session (the portal limits them) or spend the OTP twice.
func (c *Client) VerifyOTP(ctx context.Context, username, gstinValue, otp string) (*TaxpayerSession, error) {
	u, err := checkUsername(username)
	if err != nil {
		return nil, err
	}
	g, err := checkGSTIN(gstinValue)
	if err != nil {
		return nil, err
	}
	otp = strings.TrimSpace(otp)
	if len(otp) != 6 || strings.Trim(otp, "0123456789") != "" {
		return nil, invalid("The OTP should be the 6 digits the GST portal sent to the taxpayer.")
	}
	cl := call{op: "the OTP verification", method: http.MethodPost, path: "/gst/compliance/tax-payer/otp/verify",
		query: url.Values{"otp": {otp}}, body: otpBody{u, g}, tn: true}
	s, err := c.session(ctx, cl)
	if err != nil {
		return nil, err
	}
	s.Username, s.GSTIN = u, g
	return s, nil
}

// RefreshSession extends a taxpayer session without a new OTP. The answer carries the new token
// and expiries; Username and GSTIN are left empty for the caller to copy over. It is sent once.
func (c *Client) RefreshSession(ctx context.Context, taxpayerToken string) (*TaxpayerSession, error) {
	if strings.TrimSpace(taxpayerToken) == "" {
		return nil, apperr.New(apperr.Unauthorised, "There is no GST portal session to refresh. Sign in with an OTP.")
	}
	return c.session(ctx, call{op: "the session refresh", method: http.MethodPost,
		path: "/gst/compliance/tax-payer/session/refresh", bearer: taxpayerToken, tn: true})
}

// Logout ends a taxpayer session on the GST portal. It is sent once.
func (c *Client) Logout(ctx context.Context, taxpayerToken string) error {
	if strings.TrimSpace(taxpayerToken) == "" {
		return nil
	}
	cl := call{op: "the portal sign-out", method: http.MethodPost, path: "/gst/compliance/tax-payer/logout", bearer: taxpayerToken, tn: true}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return err
	}
	_, _, err = resp.payload(cl)
	return err
}

func (c *Client) session(ctx context.Context, cl call) (*TaxpayerSession, error) {
	resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	if _, _, err := resp.payload(cl); err != nil {
		return nil, err
	}
	var d struct {
		AccessToken   string  `json:"access_token"`
		SessionExpiry flexInt `json:"session_expiry"`
		TokenExpiry   flexInt `json:"token_expiry"`
	}
	env, err := resp.envelope()
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(env.Data, &d); err != nil || d.AccessToken == "" {
		return nil, apperr.New(apperr.Unavailable, "The GST portal's answer to %s has no session token. Try again.", cl.op)
	}
	apperr.RememberSecret(d.AccessToken)
	s := &TaxpayerSession{Token: d.AccessToken}
	if d.SessionExpiry > 0 {
		s.SessionExpiry = time.UnixMilli(int64(d.SessionExpiry))
	}
	if d.TokenExpiry > 0 {
		s.TokenExpiry = time.UnixMilli(int64(d.TokenExpiry))
	}
	return s, nil
}
