// Package jobs will hold the platform's background work on River (riverqueue/river): e-mails,
// notifications, work-order creation and exports, each enqueued in the same transaction as the
// change that causes it (D16). It arrives with the background-work issue; nothing uses it yet.
package jobs
