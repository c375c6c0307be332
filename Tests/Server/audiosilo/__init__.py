"""An AudioSilo-compatible test server for Hark's tests.

The wire contract is AUDIOSILO-API.md (the client-side contract); the CLI,
seed data, control API and every interpretation are in ../README.md.
Modules:

  util       time stamps, JSON helpers, library-relative path checks
  media      audio extensions, Content-Type sniffing, covers
  catalog    libraries, the book index, fs listings, keyset cursors, search
  metadata   canned `meta` answers (characters/recaps for spoiler gating)
  accounts   users, invites, pairing tokens, sessions, API keys
  listening  progress, bookmarks, notes, history, favourites
  limits     per-IP token bucket and failed-login counter
  faults     scripted failures, the unreachable switch, the request log
  httpbase   request/response plumbing shared by both ports
  api        the AudioSilo routes (main port)
  control    the fault-injection / inspection API (control port)
"""
