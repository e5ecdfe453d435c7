package factuur

// vatPercent is the Dutch VAT on the work and the materials (D7), on a quote as on the invoice.
const vatPercent = 21

// VAT is the VAT on a subtotal (of zero or more) in cents, rounded to the cent with halves up:
// PostgreSQL's round(subtotal × 0.21), which the invoices' and quotes' column rules check the
// amount against.
func VAT(subtotalCents int) int { return (subtotalCents*vatPercent + 50) / 100 }
