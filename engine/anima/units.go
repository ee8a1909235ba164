package anima

import "fmt"

// Centimetres is a distance on the table. The engine stores every distance in
// centimetres; the cards print inches, converted at 1 in = 2.5 cm as the rulebooks round it.
type Centimetres float64

// CentimetresPerInch is the rulebooks' conversion (R-SETUP-1: 120 cm = 48 in).
const CentimetresPerInch = 2.5

// Inches converts a printed inch value to Centimetres.
func Inches(in float64) Centimetres { return Centimetres(in * CentimetresPerInch) }

// Inches gives the distance in inches.
func (c Centimetres) Inches() float64 { return float64(c) / CentimetresPerInch }

func (c Centimetres) String() string { return fmt.Sprintf("%g cm", float64(c)) }
