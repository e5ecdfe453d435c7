package camt

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// tenThousand builds a v02 statement of 10,000 credit entries spread over 20 booking days,
// about the size of a month of a busy web shop's account.
func tenThousand() []byte {
	entries := make([]testEntry, 10000)
	for i := range entries {
		e := payment(fmt.Sprintf("%d.%02d", 10+i%500, i%100), fmt.Sprintf("Klant %d", i%700), "NL02RABO0123456789",
			fmt.Sprintf("Factuur 2024-%05d", i), "Bedankt voor de snelle service")
		e.BookingDate = fmt.Sprintf("2024-03-%02d", 1+i%20)
		e.ValueDate = e.BookingDate
		if i%3 == 0 {
			e.AcctSvcrRef = fmt.Sprintf("REF-%08d", i)
		}
		entries[i] = e
	}
	return buildCAMT("02", testStatement{Entries: entries})
}

// BenchmarkRead10000 measures the whole Read, xmllint included (which dominates).
func BenchmarkRead10000(b *testing.B) {
	data := tenThousand()
	dir := SchemaDirForTest(b)
	ctx := context.Background()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		st, err := Read(ctx, data, dir)
		if err != nil {
			b.Fatal(err)
		}
		if len(st.Entries) != 10000 {
			b.Fatalf("%d entries", len(st.Entries))
		}
	}
	b.ReportMetric(float64(10000*b.N)/time.Since(start).Seconds(), "entries/s")
	b.ReportMetric(float64(len(data)), "file-bytes")
}

// BenchmarkScanAndParse10000 is the Go part alone, to see its cost and allocations apart from
// xmllint's.
func BenchmarkScanAndParse10000(b *testing.B) {
	data := tenThousand()
	ctx := context.Background()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		v, r := scan(data)
		if r != nil {
			b.Fatal(r)
		}
		st, err := parse(ctx, data, v)
		if err != nil || len(st.Entries) != 10000 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(10000*b.N)/time.Since(start).Seconds(), "entries/s")
	b.ReportMetric(float64(len(data)), "file-bytes")
}
