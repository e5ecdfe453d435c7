package aanvraag

import "log/slog"

// LogAttrs keeps the category of a request; its name, address and phone are never logged.
func (a Aanvraag) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("categorie", a.Categorie)} }

// LogAttrs keeps the stored request's id and whether a confirmation follows.
func (r Result) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("id", r.ID), slog.Bool("email", r.EmailVerstuurd)}
}
