// What the codes of the discrete location fields mean, for the custom summary's "meaning"
// columns (docs/DOMAIN.md, "The location fabric": building types; BSL; the BEAD statuses).
const LABELS: Record<string, Record<string, string>> = {
  building_type_code: {
    R: 'Residential',
    B: 'Business',
    X: 'Mixed residential and business',
    C: 'Community anchor institution',
    E: 'Other',
    G: 'Other',
  },
  bsl_flag: { '1': 'Broadband serviceable location', '0': 'Not a broadband serviceable location' },
  served_status: {
    served: 'Served',
    underserved: 'Underserved',
    unserved: 'Unserved',
    notinrelease: 'Not in the coverage vintage’s release (no BEAD status)',
    notbsl: 'Not a BSL (never counted as unserved)',
  },
  land_use_code: {
    RES: 'Residential',
    MFR: 'Multi-family residential',
    COM: 'Commercial',
    MIX: 'Mixed use',
    AGR: 'Agricultural',
    INS: 'Institutional',
    IND: 'Industrial',
    GOV: 'Government',
  },
};

/** Whether a field's values are codes with meanings listed here. */
export function hasCodeLabels(field: string): boolean {
  return field in LABELS;
}

/** The meaning of a field's code; "" when none is known. */
export function codeLabel(field: string, code: unknown): string {
  return LABELS[field]?.[String(code)] ?? '';
}
