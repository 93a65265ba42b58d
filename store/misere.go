package store

import (
	"context"
	"sort"
	"time"
)

// MisereRecord is one row of the misère table: how far the whole-game misère quotient of a code
// was computed (grundy misere scan), with the limits of that computation.
type MisereRecord struct {
	Code    string // canonical spelling of the game, e.g. "0.77"
	Stopped string // why the computation stopped: proved, max-heap, max-size, rounds or time
	Heap    int64  // the largest heap of the quotient (the proof's heap when proved)
	Order   int64  // |Q| at Heap
	POrder  int64  // |P| at Heap
	Proved  bool   // the periodicity theorem certifies the quotient of the whole game
	// Period and Preperiod of the pretending function when proved (0 otherwise).
	Period, Preperiod int64
	// The limits the computation ran under: the largest heap, the largest quotient, and the time
	// allowed to the code in seconds (0: none).
	MaxHeap, MaxSize int64
	CodeTimeout      float64
	Seconds          float64   // computing time
	SavedAt          time.Time // when the row was written (UTC, to the second)
}

// Covers reports whether the row makes a computation of its code under the given limits
// unnecessary: the quotient is proved (a computation stops at the proof, whatever its limits), or
// the row's computation ran under limits at least as large as these (a timeout of 0 is none, the
// largest), so that a new one would get no further.
func (r MisereRecord) Covers(maxHeap, maxSize int64, codeTimeout float64) bool {
	if r.Proved {
		return true
	}
	timeOK := r.CodeTimeout == 0 || codeTimeout != 0 && r.CodeTimeout >= codeTimeout
	return r.MaxHeap >= maxHeap && r.MaxSize >= maxSize && timeOK
}

// The misère upsert: a proved row is never replaced by an unproved one; otherwise the row that
// reached the larger heap wins (ties go to the new row).
const misereUpsert = `INSERT INTO misere
	(code, stopped, heap, q_order, p_order, proved, period, preperiod, max_heap, max_size, code_timeout, seconds, saved_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
	ON CONFLICT(code) DO UPDATE SET
		stopped = excluded.stopped, heap = excluded.heap, q_order = excluded.q_order, p_order = excluded.p_order,
		proved = excluded.proved, period = excluded.period, preperiod = excluded.preperiod,
		max_heap = excluded.max_heap, max_size = excluded.max_size, code_timeout = excluded.code_timeout,
		seconds = excluded.seconds, saved_at = excluded.saved_at
	WHERE excluded.proved > misere.proved
	   OR (excluded.proved = misere.proved AND excluded.heap >= misere.heap)`

const selectMisere = `SELECT code, stopped, heap, q_order, p_order, proved, period, preperiod, max_heap, max_size,
	code_timeout, seconds, saved_at FROM misere`

// SaveMisere stores r, unless the catalogue already holds a better row for the code: a proved row
// is never replaced by an unproved one, and otherwise the row that reached the larger heap wins
// (ties go to the new row). It reports whether r was written. A zero SavedAt is set to the current
// time. The write is one atomic statement on both backends.
func (d *DB) SaveMisere(ctx context.Context, r MisereRecord) (bool, error) {
	if err := d.canSave(r.Code, "misère record"); err != nil {
		return false, err
	}
	if r.SavedAt.IsZero() {
		r.SavedAt = time.Now()
	}
	proved := boolInt(r.Proved)
	res, err := d.db.ExecContext(ctx, misereUpsert, r.Code, r.Stopped, r.Heap, r.Order, r.POrder, proved, r.Period,
		r.Preperiod, r.MaxHeap, r.MaxSize, r.CodeTimeout, r.Seconds, r.SavedAt.Unix())
	if err != nil {
		return false, d.wrap("saving the misère row of "+r.Code, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, d.wrap("saving the misère row of "+r.Code, err)
	}
	return n > 0, nil
}

// ListMisere returns every misère row, ordered by code (byte order, the same on both backends).
func (d *DB) ListMisere(ctx context.Context) ([]MisereRecord, error) {
	if d.noMisere {
		return nil, nil
	}
	rows, err := d.db.QueryContext(ctx, selectMisere)
	if err != nil {
		return nil, d.wrap("reading the misère rows", err)
	}
	defer rows.Close()
	var out []MisereRecord
	for rows.Next() {
		var r MisereRecord
		var saved, proved int64
		if err := rows.Scan(&r.Code, &r.Stopped, &r.Heap, &r.Order, &r.POrder, &proved, &r.Period, &r.Preperiod,
			&r.MaxHeap, &r.MaxSize, &r.CodeTimeout, &r.Seconds, &saved); err != nil {
			return nil, d.wrap("reading the misère rows", err)
		}
		r.Proved = proved != 0
		r.SavedAt = time.Unix(saved, 0).UTC()
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, d.wrap("reading the misère rows", err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out, nil
}
