"""A JPEG's width and height from its frame header, without decoding a pixel
(packages/core/src/data/read-jpeg-size.ts): every read bounds-checked, and the same reasons, in
the same words, for an input that is not a JPEG whose size can be read."""

from .errors import DomainError

SOI, EOI, SOS = 0xD8, 0xD9, 0xDA


class InvalidJpeg(DomainError):
    def __init__(self, message: str):
        super().__init__("invalid_argument", f"invalid JPEG: {message}")


def _is_start_of_frame(marker: int) -> bool:
    # Baseline, extended, progressive, lossless and their variants; C4, C8 and CC are not frames.
    return 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC)


def _is_standalone(marker: int) -> bool:
    # TEM and the restart markers carry no length.
    return marker == 0x01 or 0xD0 <= marker <= 0xD7


def read_jpeg_size(data: bytes) -> dict:
    size = len(data)
    if size < 2 or data[0] != 0xFF or data[1] != SOI:
        raise InvalidJpeg("does not start with the SOI marker (FF D8)")
    offset = 2
    while True:
        if offset >= size:
            raise InvalidJpeg("ends before the frame header")
        if data[offset] != 0xFF:
            raise InvalidJpeg(f"expected a marker at byte {offset}")
        while offset < size and data[offset] == 0xFF:  # fill bytes before a marker code
            offset += 1
        if offset >= size:
            raise InvalidJpeg("ends inside a marker")
        marker = data[offset]
        offset += 1
        if marker == 0x00:
            raise InvalidJpeg(f"stuffed byte outside scan data at {offset - 1}")
        if marker == SOI or _is_standalone(marker):
            continue
        if marker == EOI:
            raise InvalidJpeg("ends (EOI) before any frame header")
        if marker == SOS:
            raise InvalidJpeg("scan data starts before any frame header")
        if offset + 2 > size:
            raise InvalidJpeg("ends inside a segment length")
        length = (data[offset] << 8) | data[offset + 1]
        if length < 2:
            raise InvalidJpeg(f"segment length {length} at byte {offset}")
        if offset + length > size:
            raise InvalidJpeg("ends inside a segment")
        if _is_start_of_frame(marker):
            if length < 8:
                raise InvalidJpeg(f"frame header of {length} bytes")
            height = (data[offset + 3] << 8) | data[offset + 4]
            width = (data[offset + 5] << 8) | data[offset + 6]
            if width == 0 or height == 0:
                raise InvalidJpeg(f"frame header gives {width}x{height}")
            return {"width": width, "height": height}
        offset += length
