#include "base/batch_read.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <cstdlib>
#include <cstring>

#ifdef DETOUR_HAVE_URING
#include <liburing.h>
#endif

namespace detour::io {

#ifdef DETOUR_HAVE_URING

// One ring with kMaxBatch registered file slots: request i of a batch opens its file
// into slot i (a direct descriptor, never a process fd), reads it into arena slot i
// and closes the slot, as one linked chain: open -> read (the chain stops if the open
// fails) => close (a hard link: the slot is closed whatever the read gave, and a
// short read, the usual case, does not cancel it).
struct BatchReader::Ring {
  io_uring ring{};
  bool ok = false;
  std::uint64_t generation = 0;  // of the current batch, in every request's user data
  Ring() {
    if (io_uring_queue_init(static_cast<unsigned>(3 * kMaxBatch), &ring, 0) != 0) return;
    if (io_uring_register_files_sparse(&ring, static_cast<unsigned>(kMaxBatch)) != 0) {
      io_uring_queue_exit(&ring);
      return;
    }
    ok = true;
  }
  ~Ring() {
    if (ok) io_uring_queue_exit(&ring);
  }
};

namespace {
enum Kind : std::uint64_t { kOpen = 0, kRead = 1, kClose = 2 };
// User data: generation (high 32 bits), request index, kind (low 2 bits).
std::uint64_t tag(std::uint64_t generation, std::size_t i, Kind k) {
  return (generation << 32) | (static_cast<std::uint64_t>(i) << 2) | k;
}
}  // namespace

BatchReader::BatchReader(bool allow) {
  const char* off = std::getenv("DETOUR_NO_URING");
  if (!allow || (off && *off && std::strcmp(off, "0") != 0)) return;
  auto r = std::make_unique<Ring>();
  if (r->ok) ring_ = std::move(r);
}

void BatchReader::read(std::span<const Request> requests) {
  result_.assign(requests.size(), -1);
  if (!ring_ || requests.empty()) return;
  if (requests.size() > kMaxBatch) {  // the caller's contract; read nothing rather than overrun
    return;
  }
  if (!arena_) {
    // Populated up front: faulting its pages in one by one as files land in them
    // costs more than the batching saves.
    void* p = ::mmap(nullptr, kMaxBatch * kSlotBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p == MAP_FAILED) return;
    arena_ = static_cast<char*>(p);
  }
  io_uring* ring = &ring_->ring;
  const std::uint64_t gen = ++ring_->generation & 0xFFFFFFFFu;
  std::size_t chains = 0;
  // Per request: 0 not queued, else bit 1 read seen, bit 2 close seen, 8 finished.
  std::vector<unsigned char> state(requests.size(), 0);
  constexpr unsigned char kQueued = 1, kReadSeen = 2, kCloseSeen = 4, kDone = 8;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const Request& rq = requests[i];
    if (!rq.folder || rq.folder->fd() < 0 || !rq.name || rq.name->empty() ||
        rq.name->find('/') != std::string::npos)
      continue;
    io_uring_sqe* open = io_uring_get_sqe(ring);
    io_uring_sqe* rd = io_uring_get_sqe(ring);
    io_uring_sqe* close = io_uring_get_sqe(ring);
    if (!open || !rd || !close) break;  // cannot happen: the ring holds 3 * kMaxBatch
    const unsigned slot = static_cast<unsigned>(i);
    io_uring_prep_openat_direct(open, rq.folder->fd(), rq.name->c_str(), O_RDONLY | O_NONBLOCK, 0, slot);
    open->flags |= IOSQE_IO_LINK | IOSQE_CQE_SKIP_SUCCESS;
    io_uring_sqe_set_data64(open, tag(gen, i, kOpen));
    io_uring_prep_read(rd, static_cast<int>(slot), arena_ + i * kSlotBytes,
                       static_cast<unsigned>(kSlotBytes), 0);
    rd->flags |= IOSQE_FIXED_FILE | IOSQE_IO_HARDLINK;
    io_uring_sqe_set_data64(rd, tag(gen, i, kRead));
    io_uring_prep_close_direct(close, slot);
    io_uring_sqe_set_data64(close, tag(gen, i, kClose));
    state[i] = kQueued;
    ++chains;
  }
  if (chains == 0) return;
  // A chain is finished when its read and its close have completed (so its slot is
  // free for the next batch), or when its open failed: the rest of the chain is then
  // cancelled, and whether the kernel posts completions for it depends on the
  // kernel; late ones carry an old generation and are ignored.
  std::size_t pending = chains;
  int rc = io_uring_submit_and_wait(ring, 1);
  if (rc < 0 && rc != -EINTR) {
    // Submission refused: nothing was queued in the kernel; drop the ring for good.
    ring_.reset();
    result_.assign(requests.size(), -1);
    return;
  }
  while (pending > 0) {
    io_uring_cqe* cqe = nullptr;
    int w = io_uring_wait_cqe(ring, &cqe);
    if (w == -EINTR) continue;
    if (w < 0) {  // the ring is unusable: leave every file to the caller
      ring_.reset();
      result_.assign(requests.size(), -1);
      return;
    }
    const std::uint64_t data = io_uring_cqe_get_data64(cqe);
    const std::size_t i = static_cast<std::size_t>((data & 0xFFFFFFFFu) >> 2);
    const auto kind = static_cast<Kind>(data & 3);
    const int res = cqe->res;
    io_uring_cqe_seen(ring, cqe);
    if ((data >> 32) != gen || i >= requests.size() || !state[i] || (state[i] & kDone)) continue;
    if (kind == kOpen) {  // only failures are posted
      result_[i] = -1;
      state[i] |= kDone;
    } else if (kind == kRead) {
      // A full slot may hold only the start of a longer file: the caller reads it.
      if (res >= 0 && static_cast<std::size_t>(res) < kSlotBytes) result_[i] = res;
      state[i] |= kReadSeen;
    } else if (kind == kClose) {
      if (res < 0) result_[i] = -1;  // the file may still be open: trust nothing
      state[i] |= kCloseSeen;
    }
    if ((state[i] & (kReadSeen | kCloseSeen)) == (kReadSeen | kCloseSeen)) state[i] |= kDone;
    if (state[i] & kDone) --pending;
  }
  confirm_empty(requests);
}

// An empty read is an empty regular file, or a FIFO, a device...: unless the caller
// listed the file as regular, a file that read nothing is looked up again and kept
// only when it is a regular empty file; the others are left to the caller, whose
// read_file_into refuses them with a message. (A synchronous fstatat: io_uring runs
// statx on a worker thread.)
void BatchReader::confirm_empty(std::span<const Request> requests) {
  for (std::size_t i = 0; i < result_.size(); ++i) {
    if (result_[i] != 0 || requests[i].listed) continue;
    struct stat st {};
    if (::fstatat(requests[i].folder->fd(), requests[i].name->c_str(), &st, 0) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size != 0)
      result_[i] = -1;
  }
}

#else  // no liburing: every file is left to read_file_into

struct BatchReader::Ring {};
BatchReader::BatchReader(bool) {}
void BatchReader::read(std::span<const Request> requests) { result_.assign(requests.size(), -1); }

#endif

BatchReader::~BatchReader() {
  if (arena_) ::munmap(arena_, kMaxBatch * kSlotBytes);
}

bool BatchReader::active() const { return ring_ != nullptr; }

std::optional<std::string_view> BatchReader::text(std::size_t i) const {
  if (i >= result_.size() || result_[i] < 0) return std::nullopt;
  return std::string_view(arena_ + i * kSlotBytes, static_cast<std::size_t>(result_[i]));
}

}  // namespace detour::io
