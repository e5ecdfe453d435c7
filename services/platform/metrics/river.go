package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// Jobs counts River's jobs per queue and state when scraped (a GROUP BY on the job table, with a
// deadline so a slow database never hangs the scrape).
type Jobs struct {
	Pool   *pgxpool.Pool // the queue's pool (its role reads the river schema)
	Schema string        // River's schema, "river"
	desc   *prometheus.Desc
}

// NewJobs returns the collector.
func NewJobs(pool *pgxpool.Pool, schema string) *Jobs {
	return &Jobs{Pool: pool, Schema: schema, desc: prometheus.NewDesc("klusmaat_river_jobs",
		"River jobs by queue and state (available, running, retryable, completed, discarded, ...).", []string{"queue", "state"}, nil)}
}

// Describe implements prometheus.Collector.
func (j *Jobs) Describe(ch chan<- *prometheus.Desc) { ch <- j.desc }

// Collect implements prometheus.Collector.
func (j *Jobs) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	rows, err := j.Pool.Query(ctx, `SELECT queue, state::text, count(*) FROM `+j.Schema+`.river_job GROUP BY 1, 2`)
	if err != nil {
		slog.Warn("metrics: count River jobs", "err", err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var queue, state string
		var n int64
		if err := rows.Scan(&queue, &state, &n); err != nil {
			slog.Warn("metrics: count River jobs", "err", err)
			return
		}
		ch <- prometheus.MustNewConstMetric(j.desc, prometheus.GaugeValue, float64(n), queue, state)
	}
}
