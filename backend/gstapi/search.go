package gstapi

import (
	"context"
	"encoding/json"
)

// SearchResult is the registration of a GSTIN as the search operation (4.6) gives it. Every field
// is optional: non-resident GSTINs come without addresses and activities, with CancelDateNR,
// ReasonCode and SupplyType instead. Dates are DD/MM/YYYY.
type SearchResult struct {
	Meta
	GSTIN                  string   `json:"gstin"`
	LegalName              string   `json:"lgnm"`
	TradeName              string   `json:"tradeNam"`
	Status                 string   `json:"sts"` // Active, Cancelled, Suspended, Inactive, Provisional
	RegistrationDate       string   `json:"rgdt"`
	CancellationDate       string   `json:"cxdt"`
	Constitution           string   `json:"ctb"` // Proprietorship, Partnership, Public Limited Company...
	TaxpayerType           string   `json:"dty"` // Regular, Composition, Input Service Distributor (ISD)...
	NatureOfBusiness       []string `json:"nba"`
	EInvoiceStatus         string   `json:"einvoiceStatus"` // Yes / No
	LastUpdated            string   `json:"lstupdt"`
	StateJurisdiction      string   `json:"stj"`
	StateJurisdictionCode  string   `json:"stjCd"`
	CentreJurisdiction     string   `json:"ctj"`
	CentreJurisdictionCode string   `json:"ctjCd"`
	PrincipalPlace         *Place   `json:"pradr,omitempty"`
	AdditionalPlaces       []Place  `json:"adadr"`
	CancelDateNR           string   `json:"canclDt,omitempty"`
	ReasonCode             string   `json:"rsnCd,omitempty"`
	SupplyType             string   `json:"typeOfSup,omitempty"` // e.g. OIDAR
}

// Place is a place of business: its address and the nature of business there.
type Place struct {
	Address Address `json:"addr"`
	Nature  string  `json:"ntr"`
}

// Address is an address of a place of business.
type Address struct {
	BuildingName string `json:"bnm"`
	BuildingNo   string `json:"bno"`
	Floor        string `json:"flno"`
	Street       string `json:"st"`
	Location     string `json:"loc"`
	Locality     string `json:"locality"`
	Landmark     string `json:"landMark"`
	District     string `json:"dst"`
	State        string `json:"stcd"` // state name
	Pincode      string `json:"pncd"`
	Latitude     string `json:"lt"`
	Longitude    string `json:"lg"`
	GeocodeLevel string `json:"geocodelvl"`
}

// Search fetches the full registration of a GSTIN (4.6). An unknown GSTIN is an apperr NotFound
// (FO8000) whose cause is a *BusinessError.
func (c *Client) Search(ctx context.Context, gstinValue string, opts ...CallOption) (*SearchResult, error) {
	g, err := checkGSTIN(gstinValue)
	if err != nil {
		return nil, err
	}
	out := &SearchResult{}
	if err := c.public(ctx, "the GSTIN search", "/gst/compliance/public/gstin/search", nil, gstinBody{g}, out, &out.Meta, searchContract, g, opts); err != nil {
		return nil, err
	}
	return out, nil
}

// DecodeSearch decodes a cached search payload (Meta.Raw of an earlier SearchResult) leniently.
func DecodeSearch(raw json.RawMessage) (*SearchResult, error) {
	out := &SearchResult{}
	if err := decodeLenient(call{op: "the GSTIN search"}, raw, out); err != nil {
		return nil, err
	}
	out.Raw = raw
	return out, nil
}
