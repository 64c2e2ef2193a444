"""Outside the rules: records and links, per-seat views, wording, page helpers, simulation."""
