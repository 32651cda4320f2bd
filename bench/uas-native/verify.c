/*
 * The native baseline of the UAS benchmark (bench/uas.ts): a small verifier that does the
 * hash-lock work `uas-verify` does on the bench's inputs, written the way a careful C program
 * would, so that the bench can give `uas-verify` as a ratio to it.
 *
 *   verify <source> <artifact>
 *
 * The artifact is read whole and parsed with expat (strict XML 1.0, a DOCTYPE refused). The source
 * is read by position (pread) through a window, never whole: one thread hashes the whole source
 * (root_sha256 and byte_length of <source_manifest>) while the main thread hashes every span of a
 * <semantic_unit> (span_sha256) and compares the text of each VERBATIM_FULL unit with its span,
 * byte for byte. Spans must lie in the source and ascend without overlap, and a unit's mode must be
 * one of spec/uas.json's preservationModes as shipped (VERBATIM_FULL, SPAN_ONLY, SUMMARY).
 *
 * Prints one line per finding, as `CHECK-ID[ unit=ID][ byte=N]`, the fields uas-verify's findings
 * carry, and exits 0 when there is none, 1 when there are findings, 2 when an input cannot be read.
 * It checks only what the bench's inputs exercise (no taxonomy, graph or weight rules).
 */
#include <errno.h>
#include <expat.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define WINDOW (128u << 10) /* bytes per positional read: small enough to be hashed from the cache */

/* One <semantic_unit>: its span, claimed hash and mode, and its text as an offset into the text arena. */
typedef struct {
  char *id;
  char *span;
  char *sha;
  int verbatim, mode_known;
  size_t text_at, text_len;
} unit_t;

typedef struct {
  int depth, in_unit, failed;
  char *root_sha, *byte_length;
  unit_t *units;
  size_t n_units, cap_units;
  char *text;
  size_t text_len, text_cap;
} doc_t;

static int findings = 0;

static void die(const char *what, const char *path) {
  fprintf(stderr, "verify: %s %s: %s\n", what, path, strerror(errno));
  exit(2);
}

static void *grow(void *p, size_t n) {
  void *q = realloc(p, n);
  if (!q) {
    fputs("verify: out of memory\n", stderr);
    exit(2);
  }
  return q;
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static const char *attr(const XML_Char **a, const char *name) {
  for (; a[0]; a += 2)
    if (strcmp(a[0], name) == 0) return a[1];
  return NULL;
}

static void XMLCALL on_open(void *ud, const XML_Char *name, const XML_Char **a) {
  doc_t *d = ud;
  d->depth++;
  d->in_unit = 0;
  if (d->depth == 2 && strcmp(name, "source_manifest") == 0) {
    d->root_sha = dup_or_null(attr(a, "root_sha256"));
    d->byte_length = dup_or_null(attr(a, "byte_length"));
  } else if (d->depth == 3 && strcmp(name, "semantic_unit") == 0) {
    if (d->n_units == d->cap_units) {
      d->cap_units = d->cap_units ? 2 * d->cap_units : 1024;
      d->units = grow(d->units, d->cap_units * sizeof(unit_t));
    }
    const char *mode = attr(a, "preservation_mode");
    unit_t *u = &d->units[d->n_units++];
    int verbatim = mode && strcmp(mode, "VERBATIM_FULL") == 0;
    int known = verbatim || (mode && (strcmp(mode, "SPAN_ONLY") == 0 || strcmp(mode, "SUMMARY") == 0));
    *u = (unit_t){dup_or_null(attr(a, "id")), dup_or_null(attr(a, "source_span")), dup_or_null(attr(a, "span_sha256")), verbatim, known, d->text_len, 0};
    d->in_unit = 1;
  }
}

static void XMLCALL on_close(void *ud, const XML_Char *name) {
  (void)name;
  doc_t *d = ud;
  d->depth--;
  d->in_unit = 0;
}

/* Character data directly inside a unit (text, references and CDATA, already decoded by expat). */
static void XMLCALL on_text(void *ud, const XML_Char *s, int len) {
  doc_t *d = ud;
  if (!d->in_unit || d->depth != 3) return;
  if (d->text_len + (size_t)len > d->text_cap) {
    d->text_cap = 2 * (d->text_len + (size_t)len) + 4096;
    d->text = grow(d->text, d->text_cap);
  }
  memcpy(d->text + d->text_len, s, (size_t)len);
  d->text_len += (size_t)len;
  d->units[d->n_units - 1].text_len += (size_t)len;
}

static void XMLCALL on_doctype(void *ud, const XML_Char *n, const XML_Char *s, const XML_Char *p, int i) {
  (void)n, (void)s, (void)p, (void)i;
  ((doc_t *)ud)->failed = 1;
}

/* Parses the artifact in memory; 0 when it is not well-formed (or has a DOCTYPE). */
static int parse_artifact(const char *path, doc_t *d) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) die("cannot read artifact", path);
  char *buf = grow(NULL, (size_t)st.st_size + 1);
  size_t got = 0;
  while (got < (size_t)st.st_size) {
    ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);
    if (r <= 0) die("cannot read artifact", path);
    got += (size_t)r;
  }
  close(fd);
  XML_Parser p = XML_ParserCreate(NULL);
  XML_SetUserData(p, d);
  XML_SetElementHandler(p, on_open, on_close);
  XML_SetCharacterDataHandler(p, on_text);
  XML_SetStartDoctypeDeclHandler(p, on_doctype);
  int ok = XML_Parse(p, buf, (int)got, 1) == XML_STATUS_OK && !d->failed;
  XML_ParserFree(p);
  free(buf);
  return ok;
}

/* A positional reader: bytes [start, end) of the window buffer hold the source at those offsets. */
typedef struct {
  int fd;
  unsigned char *buf;
  uint64_t start, end, size;
  EVP_MD_CTX *ctx;
} window_t;

/* Makes [at, at + n) readable (n <= WINDOW) and returns its first byte, or NULL past the source's end. */
static const unsigned char *window_at(window_t *w, uint64_t at, size_t n) {
  if (at >= w->start && at + n <= w->end) return w->buf + (at - w->start);
  size_t want = at + WINDOW <= w->size ? WINDOW : (size_t)(w->size - at), got = 0;
  while (got < want) {
    ssize_t r = pread(w->fd, w->buf + got, want - got, (off_t)(at + got));
    if (r <= 0) return NULL;
    got += (size_t)r;
  }
  w->start = at;
  w->end = at + got;
  return got >= n ? w->buf : NULL;
}

/* SHA-256 of source bytes [start, end) as lowercase hex (65 bytes with the NUL). */
static int hash_range(window_t *w, uint64_t start, uint64_t end, char hex[65]) {
  static const char digits[] = "0123456789abcdef";
  EVP_DigestInit_ex(w->ctx, EVP_sha256(), NULL);
  for (uint64_t at = start; at < end;) {
    size_t n = end - at < WINDOW ? (size_t)(end - at) : WINDOW;
    const unsigned char *p = window_at(w, at, n);
    if (!p) return 0;
    EVP_DigestUpdate(w->ctx, p, n);
    at += n;
  }
  unsigned char md[32];
  EVP_DigestFinal_ex(w->ctx, md, NULL);
  for (int i = 0; i < 32; i++) hex[2 * i] = digits[md[i] >> 4], hex[2 * i + 1] = digits[md[i] & 15];
  hex[64] = '\0';
  return 1;
}

/* A window over the source open at `fd` (sizes in bytes). */
static window_t window_on(int fd, uint64_t size) { return (window_t){fd, grow(NULL, WINDOW), 0, 0, size, EVP_MD_CTX_new()}; }

typedef struct {
  const char *path;
  uint64_t size;
  char hex[65];
  int ok;
} root_job_t;

/* The root hash, on its own thread with its own descriptor and window. */
static void *hash_root(void *arg) {
  root_job_t *job = arg;
  window_t w = window_on(open(job->path, O_RDONLY), job->size);
  job->ok = w.fd >= 0 && hash_range(&w, 0, job->size, job->hex);
  if (w.fd >= 0) close(w.fd);
  free(w.buf);
  EVP_MD_CTX_free(w.ctx);
  return NULL;
}

static void finding(const char *check, const char *unit, int64_t byte) {
  findings++;
  printf("%s", check);
  if (unit) printf(" unit=%s", unit);
  if (byte >= 0) printf(" byte=%lld", (long long)byte);
  putchar('\n');
}

/* `bytes:A-B` (end exclusive) into [start, end); 0 when it does not parse. */
static int parse_span(const char *s, uint64_t *start, uint64_t *end) {
  unsigned long long a, b;
  int used = 0;
  if (!s || sscanf(s, "bytes:%llu-%llu%n", &a, &b, &used) != 2 || s[used] != '\0') return 0;
  *start = a;
  *end = b;
  return 1;
}

/* First index where the unit's text and its span differ, the shorter length when one is a prefix of the other, or -1. */
static int64_t verbatim_diff(window_t *w, uint64_t start, uint64_t end, const unsigned char *text, size_t len) {
  uint64_t span = end - start, n = len < span ? len : span;
  for (uint64_t done = 0; done < n;) {
    size_t k = n - done < WINDOW ? (size_t)(n - done) : WINDOW;
    const unsigned char *p = window_at(w, start + done, k);
    if (!p) return (int64_t)done;
    if (memcmp(p, text + done, k) != 0) {
      size_t i = 0;
      while (p[i] == text[done + i]) i++;
      return (int64_t)(done + i);
    }
    done += k;
  }
  return len == span ? -1 : (int64_t)n;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fputs("usage: verify <source> <artifact>\n", stderr);
    return 2;
  }
  struct stat st;
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0 || fstat(fd, &st) != 0) die("cannot read source", argv[1]);
  doc_t d = {0};
  if (!parse_artifact(argv[2], &d)) {
    finding("VAL-XML-WELL-FORMED", NULL, -1);
    return 1;
  }
  root_job_t root = {argv[1], (uint64_t)st.st_size, {0}, 0};
  pthread_t thread;
  if (pthread_create(&thread, NULL, hash_root, &root) != 0) {
    fputs("verify: cannot start a thread\n", stderr);
    return 2;
  }
  window_t w = window_on(fd, (uint64_t)st.st_size);
  uint64_t prev_end = 0;
  for (size_t i = 0; i < d.n_units; i++) {
    unit_t *u = &d.units[i];
    uint64_t start, end;
    int parsed = parse_span(u->span, &start, &end);
    if (!parsed || start >= end || end > w.size) {
      finding("VAL-SPAN-BOUNDS", u->id, parsed && start <= w.size ? (int64_t)start : -1);
      continue;
    }
    if (start < prev_end) finding("VAL-SOURCE-ORDER", u->id, (int64_t)start);
    prev_end = end;
    char hex[65];
    if (!hash_range(&w, start, end, hex)) die("cannot read source", argv[1]);
    if (!u->sha || strcasecmp(u->sha, hex) != 0) finding("VAL-SPAN-HASH", u->id, (int64_t)start);
    if (!u->mode_known) finding("VAL-VERBATIM", u->id, -1);
    if (!u->verbatim) continue;
    int64_t at = verbatim_diff(&w, start, end, (const unsigned char *)d.text + u->text_at, u->text_len);
    if (at >= 0) finding("VAL-VERBATIM", u->id, (int64_t)start + at);
  }
  pthread_join(thread, NULL);
  if (!root.ok) die("cannot read source", argv[1]);
  char length[32];
  snprintf(length, sizeof length, "%llu", (unsigned long long)st.st_size);
  if (!d.root_sha || strcasecmp(d.root_sha, root.hex) != 0 || (d.byte_length && strcmp(d.byte_length, length) != 0))
    finding("VAL-ROOT-HASH", NULL, -1);
  close(fd);
  return findings ? 1 : 0;
}
