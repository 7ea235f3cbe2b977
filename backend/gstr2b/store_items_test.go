package gstr2b

import (
	"reflect"
	"testing"

	"gstdesk/backend/money"
)

// TestItemsReadAsWritten: the items of a stored document read back (readItems, one pass) as
// appendItems wrote them, and as money.UnmarshalStored reads them, whatever form they were kept in.
func TestItemsReadAsWritten(t *testing.T) {
	items := []Item{{Num: 1, Rate: 1800, Taxable: 150000_00, IGST: 0, CGST: 13500_00, SGST: 13500_00}, {Num: 2, Rate: 500, Taxable: -1_05, Cess: 7}}
	b := appendItems(nil, items)
	var fast, slow []Item
	if err := readItems(b, &fast); err != nil {
		t.Fatal(err)
	}
	if err := money.UnmarshalStored(b, &slow); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fast, items) || !reflect.DeepEqual(slow, items) {
		t.Errorf("read %+v and %+v, wrote %+v", fast, slow, items)
	}
	// Another form (rupees with decimals) goes the old way and reads the same as it did.
	other := []byte(`[{"num":1,"rate":1800,"taxable":1500.50,"igst":0,"cgst":135.05,"sgst":135.05,"cess":0}]`)
	fast, slow = nil, nil
	errFast, errSlow := readItems(other, &fast), money.UnmarshalStored(other, &slow)
	if (errFast == nil) != (errSlow == nil) || !reflect.DeepEqual(fast, slow) {
		t.Errorf("another form: %+v %v, the old reading %+v %v", fast, errFast, slow, errSlow)
	}
}
