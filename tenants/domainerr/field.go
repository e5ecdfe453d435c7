package domainerr

// InvalidField is Invalid about one field: the form shows message at the field as well as above
// the form.
func InvalidField(code, message, field string) *Error {
	return Invalid(code, message, map[string]string{field: message})
}
