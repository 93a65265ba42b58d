package query

import (
	"bytes"
	"encoding/json"

	"grundy/internal/cliarg"
)

// Arg is a number argument as the command line writes it ("1000", "0x3e8"). In JSON it may be
// sent as a string or as a number (1000); either way it is read as the command line reads it.
type Arg string

// UnmarshalJSON accepts a JSON string or a JSON number.
func (a *Arg) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*a = Arg(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return cliarg.Errorf("want a number or a string, got %s", b)
	}
	*a = Arg(n.String())
	return nil
}
