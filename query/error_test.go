package query

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"grundy/internal/cliarg"
)

func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		err  error
		want Kind
	}{
		{Badf("x"), BadInput},
		{fmt.Errorf("wrapped: %w", Limitf("max_seq", 10, "too big")), OverLimit},
		{cliarg.Errorf("bad number"), BadInput},
		{context.Canceled, Cancelled},
		{fmt.Errorf("x: %w", context.DeadlineExceeded), OverLimit},
		{errors.New("boom"), Internal},
		{Internalf("boom"), Internal},
	} {
		if got := KindOf(c.err); got != c.want {
			t.Errorf("KindOf(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
