"""The SEC client: every request to data.sec.gov, www.sec.gov and efts.sec.gov (or ``EDGAR_MIRROR``) goes here.

Its public face, for the capabilities:

- ``client``: :class:`~edgar_cli.sec.client.SecClient` (``get_json``, ``get_text``, ``download``: the
  User-Agent, the shared rate limit, retries with Retry-After, the error mapping to EdgarError codes, the
  cache and stale-if-error), ``get_client``/``set_client`` (the process's one client);
- ``companyfacts``: ``load_company_facts`` (a company's XBRL facts, validated, compacted and cached, or from
  the bulk store), ``known_on`` (as known on a date), ``coverage_gap``;
- ``submissions``: a company's filing history (``parse_rows``, ``link_amendments``), form families and
  fiscal-year arithmetic;
- ``urls``: the SEC's URLs and CIK/accession spelling.

Below them: ``transport`` (size caps, deadlines), ``validate`` (what a usable answer of each kind is),
``cache``, ``ratelimit``, ``redis_shared`` (the team's limit and cache), ``memo``, ``calls``. Importing
this package loads nothing.
"""
