"""Accession numbers of corpus filings (www.sec.gov/Archives in ../shared/sec-corpus) that several verify tests
check figures against, each named once."""

NVDA_FY2023_10K = "0001045810-23-000017"
NVDA_FY2024_10K = "0001045810-24-000029"
NVDA_FY2025_10K = "0001045810-25-000023"
NVDA_Q2_FY2026_10Q = "0001045810-25-000209"  # nvda-20250727.htm
TSLA_FY2020_10K = "0001564590-21-004599"
TSLA_FY2021_10K = "0000950170-22-000796"
