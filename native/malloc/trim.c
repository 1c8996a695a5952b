/*
 * glibc's mallopt(M_MMAP_THRESHOLD) and malloc_trim(0) for the server (src/server/ops/mallocTuning.ts).
 * On an archive of COGs the server lets glibc serve buffers under 32 MB from its arenas (fast: no
 * mapping, zero-filling and unmapping per socket read and range answer, which made an area's event loop
 * twice as busy; docs/performance.md, nineteenth round), and what those arenas hold free is given back
 * by a trim once a second instead of per buffer. malloc_trim(0) also reaches free pages below an
 * arena's top, which glibc's own trimming on free() never does
 * (https://man7.org/linux/man-pages/man3/malloc_trim.3.html,
 * https://man7.org/linux/man-pages/man3/mallopt.3.html). Node has no call for either, hence this
 * binding. Node-API, so one build serves every Node.js version.
 *
 * setMmapThreshold(bytes): true when glibc took it (buffers of `bytes` and more then get mappings of
 *   their own; it also stops glibc raising the threshold itself), false where it did not or is not glibc.
 * trim(): a Promise of true when memory was given back, false when none was. It runs on libuv's pool,
 *   not the calling thread: a trim walks every free chunk of the arenas, 5-8 ms on average and up to
 *   38 ms in the mixed soak, with the arenas' locks held (other threads' malloc waits, not the event loop).
 * glibc: whether the C library is glibc; where it is not, trim() resolves false and does nothing.
 */
#include <stdlib.h>
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#define HAVE_MALLOC_TRIM 1
#else
#define HAVE_MALLOC_TRIM 0
#endif

typedef struct {
  napi_async_work work;
  napi_deferred deferred;
  int released;
} trim_job;

static void trim_execute(napi_env env, void *data) {
  trim_job *job = (trim_job *)data;
  (void)env;
#if HAVE_MALLOC_TRIM
  job->released = malloc_trim(0);
#else
  job->released = 0;
#endif
}

static void trim_complete(napi_env env, napi_status status, void *data) {
  trim_job *job = (trim_job *)data;
  napi_value released;
  napi_get_boolean(env, status == napi_ok && job->released == 1, &released);
  napi_resolve_deferred(env, job->deferred, released);
  napi_delete_async_work(env, job->work);
  free(job);
}

static napi_value trim(napi_env env, napi_callback_info info) {
  napi_value promise;
  napi_value name;
  trim_job *job = (trim_job *)calloc(1, sizeof(trim_job));
  (void)info;
  if (job == NULL) {
    napi_throw_error(env, NULL, "mallocTrim: out of memory");
    return NULL;
  }
  napi_create_promise(env, &job->deferred, &promise);
  napi_create_string_utf8(env, "mallocTrim", NAPI_AUTO_LENGTH, &name);
  napi_create_async_work(env, NULL, name, trim_execute, trim_complete, job, &job->work);
  napi_queue_async_work(env, job->work);
  return promise;
}

static napi_value set_mmap_threshold(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_value result;
  int64_t bytes = 0;
  int done = 0;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 || napi_get_value_int64(env, argv[0], &bytes) != napi_ok || bytes <= 0) {
    napi_throw_type_error(env, NULL, "setMmapThreshold(bytes) takes a positive number of bytes");
    return NULL;
  }
#if HAVE_MALLOC_TRIM
  done = mallopt(M_MMAP_THRESHOLD, bytes > 0x7fffffff ? 0x7fffffff : (int)bytes) == 1;
#endif
  napi_get_boolean(env, done, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_value threshold;
  napi_value glibc;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim, NULL, &fn);
  napi_set_named_property(env, exports, "trim", fn);
  napi_create_function(env, "setMmapThreshold", NAPI_AUTO_LENGTH, set_mmap_threshold, NULL, &threshold);
  napi_set_named_property(env, exports, "setMmapThreshold", threshold);
  napi_get_boolean(env, HAVE_MALLOC_TRIM, &glibc);
  napi_set_named_property(env, exports, "glibc", glibc);
  return exports;
}
