// gzip: see gzip.h.
#include "base/gzip.h"

#include <zlib.h>

#include <stdexcept>

namespace detour {

bool is_gzip(std::string_view b) {
  return b.size() >= 2 && static_cast<unsigned char>(b[0]) == 0x1f && static_cast<unsigned char>(b[1]) == 0x8b;
}

std::string gunzip(std::string_view in, std::size_t max_bytes) {
  std::string out;
  std::size_t pos = 0;
  bool first = true;
  // One gzip member per pass; trailing zero padding after the last member is ignored.
  while (pos < in.size()) {
    if (!first && in.find_first_not_of('\0', pos) == std::string_view::npos) break;
    if (!is_gzip(in.substr(pos))) {
      if (first) throw std::runtime_error("not gzip data (no 1f 8b magic number)");
      throw std::runtime_error("trailing bytes after the last gzip member");
    }
    first = false;
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw std::runtime_error("zlib: cannot initialise inflate");
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + pos));
    z.avail_in = static_cast<uInt>(std::min<std::size_t>(in.size() - pos, 1u << 30));
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
      if (out.size() >= max_bytes + 1) break;
      const std::size_t chunk = std::min<std::size_t>(std::max<std::size_t>(out.size(), 1 << 16), max_bytes + 1 - out.size());
      const std::size_t old = out.size();
      out.resize(old + chunk);
      z.next_out = reinterpret_cast<Bytef*>(out.data() + old);
      z.avail_out = static_cast<uInt>(chunk);
      rc = inflate(&z, Z_NO_FLUSH);
      out.resize(old + (chunk - z.avail_out));
      if (rc == Z_STREAM_END) break;
      if (rc == Z_BUF_ERROR && z.avail_in == 0) {
        inflateEnd(&z);
        throw std::runtime_error("truncated gzip data");
      }
      if (rc != Z_OK && rc != Z_BUF_ERROR) {
        std::string msg = z.msg ? z.msg : "inflate error";
        inflateEnd(&z);
        throw std::runtime_error("corrupt gzip data: " + msg);
      }
    }
    const std::size_t used = (in.size() - pos) - z.avail_in;
    inflateEnd(&z);
    if (out.size() > max_bytes)
      throw std::runtime_error("inflates to more than " + std::to_string(max_bytes) + " bytes");
    pos += used;
  }
  return out;
}

std::string gzip(std::string_view in, int level) {
  z_stream z{};
  // windowBits 16 + 15: a gzip header (zeroed time and flags) and trailer around the
  // deflate stream; memLevel 8 as zlib's default.
  if (deflateInit2(&z, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: cannot initialise deflate");
  std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  out.resize(out.size() - z.avail_out);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("zlib: deflate failed");
  return out;
}

}  // namespace detour
