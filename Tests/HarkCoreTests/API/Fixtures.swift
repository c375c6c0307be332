import Foundation

/// Wire JSON as an AudioSilo server sends it, for decoding and endpoint tests.
enum Fixture {
  static let user = """
    {"id": 7, "username": "ada", "role": "user", "disabled": false, "has_password": true,
     "has_recovery": false, "is_demo": false, "last_seen_at": "2026-07-12T09:30:00Z"}
    """

  static let session = """
    {"token": "tok-1", "server_id": "srv-1", "user": \(user)}
    """

  static let pairing = """
    {"server_name": "Home", "base_url": "https://books.example.com", "pairing_token": "pt-1",
     "uri": "audiosilo://connect?server=https%3A%2F%2Fbooks.example.com&token=pt-1",
     "web_url": "https://books.example.com/web/connect?token=pt-1",
     "qr_png_data_uri": "data:image/png;base64,AAAA",
     "links": {"web": "https://books.example.com/web", "admin": "https://books.example.com/admin"},
     "code_expires_at": "2026-08-01T00:00:00Z", "uses_remaining": 2}
    """

  static let serverInfo = """
    {"name": "Home", "server_id": "srv-1", "version": "1.4.0", "api": "v1",
     "capabilities": {"admin_ui": true, "web_player": true, "transcode": true, "upload": false,
                      "websocket": true, "api_keys": true, "metadata": false, "queue": true},
     "auth": {"methods": ["password", "code"]}, "demo": {"enabled": false}}
    """

  static let chapter = """
    {"index": 0, "title": "Opening", "file_index": 0, "file_path": "A/Book/01.mp3",
     "start": 0, "end": 600.5, "book_offset": 0}
    """

  static let listBook = """
    {"id": 42, "library_id": 2, "rel_path": "A/Book", "is_folder": true, "title": "The Book",
     "author": "A. Author", "series": "Saga", "series_index": 1.5, "narrator": "N. Reader",
     "duration": 3600.25, "format": "mp3", "size": 123456789, "added_at": "2026-01-02T03:04:05Z"}
    """

  static let item = """
    {"id": 42, "library_id": 2, "rel_path": "A/Book", "is_folder": true, "title": "The Book",
     "author": "A. Author", "series": "", "series_index": 0, "narrator": "", "duration": 1200,
     "format": "mp3", "codec": "mp3", "size": 1000, "direct_playable": true,
     "files": [{"rel_path": "A/Book/01.mp3", "seq": 1, "duration": 600.5, "format": "mp3", "size": 500},
               {"rel_path": "A/Book/02.mp3", "seq": 2, "duration": 599.5, "format": "mp3", "size": 500}],
     "chapters": [\(chapter)]}
    """

  static let progressRow = """
    {"library_id": 2, "path": "A/Book", "position": 321.5, "duration": 1200, "finished": false,
     "playback_speed": 1.25, "version": 3, "device_id": "dev-1",
     "updated_at": "2026-07-12T09:30:00.123Z"}
    """

  static let bookmark = """
    {"id": 5, "library_id": 2, "path": "A/Book", "position": 90, "note": "here",
     "created_at": "2026-07-12T09:30:00Z"}
    """

  static let note = """
    {"id": 6, "library_id": 2, "path": "A/Book", "position": 30, "body": "text",
     "created_at": "2026-07-12T09:30:00Z", "updated_at": "2026-07-12T09:31:00Z"}
    """

  static let history = """
    {"id": 9, "library_id": 2, "path": "A/Book", "from_pos": 10, "to_pos": 70,
     "started_at": "2026-07-12T09:00:00Z", "ended_at": "2026-07-12T09:01:00Z"}
    """

  static let favourite = """
    {"library_id": 2, "path": "A/Folder", "is_book": false, "created_at": "2026-07-12T09:00:00Z"}
    """

  static let apiKey = """
    {"id": 3, "label": "dashboard", "created_at": "2026-07-12T09:00:00Z", "last_seen": null}
    """

  static let meta = """
    {"matched": true, "web_url": "https://meta.example/w/1",
     "work": {"id": "w1", "title": "The Book", "authors": [{"id": "p1", "name": "A. Author"}],
              "language": "en",
              "characters": [{"id": "c1", "name": "Hero", "role": "protagonist",
                              "reveal": {"chapter": 1}, "description": "brave"}],
              "recaps": [{"through": {"chapter": 3}, "scope": "book", "text": "so far"}]},
     "recording": {"id": "r1", "narrators": [{"id": "p2", "name": "N. Reader"}], "runtime_min": 615},
     "series": [{"id": "s1", "name": "Saga", "position": "2",
                 "works": [{"id": "w0", "title": "Before", "position": "1", "authors": [],
                            "web_url": "https://meta.example/w/0"}]}]}
    """
}
