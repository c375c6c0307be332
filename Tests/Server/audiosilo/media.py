"""Facts about media files: which are audio, what they are, where covers are."""

import os

# Extensions the server treats as audio (fs shows only these and folders).
AUDIO_EXTENSIONS = {
    "mp3", "m4a", "m4b", "mp4", "aac", "flac", "ogg", "oga", "opus",
    "wav", "wma", "ape", "wv", "aiff", "aif",
}

# What the server reports as `codec` for a file extension.
CODECS = {
    "mp3": "mp3", "m4a": "aac", "m4b": "aac", "mp4": "aac", "aac": "aac",
    "flac": "flac", "ogg": "vorbis", "oga": "vorbis", "opus": "opus",
    "wav": "pcm", "wma": "wma", "ape": "ape", "wv": "wavpack",
    "aiff": "pcm", "aif": "pcm",
}

# Formats a client can play without transcoding. The real server decides by
# what browsers decode; these are the ones a GStreamer client certainly
# handles. `--not-direct EXT,...` removes some to exercise transcoding.
DIRECT_PLAYABLE = {"mp3", "m4a", "m4b", "mp4", "aac", "flac", "ogg", "oga", "opus", "wav"}

COVER_NAMES = ("cover.jpg", "cover.jpeg", "cover.png", "folder.jpg", "folder.png")


def extension(name):
    base = name.rsplit("/", 1)[-1]
    if "." not in base.lstrip("."):
        return ""
    return base.rsplit(".", 1)[-1].lower()


def is_audio_name(name):
    return extension(name) in AUDIO_EXTENSIONS


def sniff_content_type(head):
    """Content-Type from a file's first bytes, never from its name, as the
    real server does (a mislabelled file is served as what it is)."""
    if head.startswith(b"ID3"):
        return "audio/mpeg"
    if len(head) >= 2 and head[0] == 0xFF and (head[1] & 0xE0) == 0xE0:
        return "audio/mpeg"  # a bare MPEG audio frame sync
    if head.startswith(b"fLaC"):
        return "audio/flac"
    if head.startswith(b"OggS"):
        return "audio/ogg"  # Opus and Vorbis alike
    if len(head) >= 12 and head[4:8] == b"ftyp":
        return "audio/mp4"  # M4B / M4A / isom: all MP4 containers
    if head.startswith(b"RIFF") and head[8:12] == b"WAVE":
        return "audio/wav"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    return "application/octet-stream"


def sniff_file(path):
    with open(path, "rb") as f:
        return sniff_content_type(f.read(64))


def find_cover(folder):
    """A cover image file next to the audio. Embedded art is not extracted
    (the real server does; this fixture does not need to)."""
    try:
        names = {n.lower(): n for n in os.listdir(folder)}
    except OSError:
        return None
    for candidate in COVER_NAMES:
        if candidate in names:
            return os.path.join(folder, names[candidate])
    return None


def cover_files(folder):
    """The JPEG and PNG files directly in `folder`, in name order (a
    stable order, so a book gets the same cover in every run)."""
    names = sorted(n for n in os.listdir(folder)
                   if n.lower().rsplit(".", 1)[-1] in ("jpg", "jpeg", "png"))
    return [os.path.join(folder, n) for n in names]
