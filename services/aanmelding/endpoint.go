package aanmelding

import "log/slog"

// LogAttrs keeps the stored application's id; the applicant's personal data is never logged.
func (r Result) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("id", r.ID)} }
