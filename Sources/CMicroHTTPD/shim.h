#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <dlfcn.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Receives libmicrohttpd's diagnostics as formatted text.
typedef void (*CMicroHTTPD_LogCallback)(void *context, const char *message);

/// Receives a request's target as it arrives, before its arguments are split, in the
/// connection's own buffer (libmicrohttpd passes it as `const`; it is the writable read buffer).
typedef void (*CMicroHTTPD_URICallback)(void *context, struct MHD_Connection *connection, char *uri);

/// The daemon's settings, passed as one struct because Swift cannot call variadic C.
struct CMicroHTTPD_Settings {
    unsigned int flags;
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int per_client_limit;
    unsigned int connection_timeout;
    size_t connection_memory_limit;
    MHD_AccessHandlerCallback handler;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback notify;
    size_t (*unescape)(void *context, struct MHD_Connection *connection, char *text);
    CMicroHTTPD_URICallback uri;
    CMicroHTTPD_LogCallback log;
    void *context;
};

/// Formats a diagnostic (Swift cannot take a va_list) and hands it on.
static inline void CMicroHTTPD_format_log(void *settings, const char *format, va_list arguments) {
    const struct CMicroHTTPD_Settings *s = (const struct CMicroHTTPD_Settings *)settings;
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    s->log(s->context, message);
}

/// Calls the URI callback; the request's own pointer starts out NULL.
static inline void *CMicroHTTPD_uri_logged(void *settings, const char *uri, struct MHD_Connection *connection) {
    const struct CMicroHTTPD_Settings *s = (const struct CMicroHTTPD_Settings *)settings;
    s->uri(s->context, connection, (char *)uri);
    return NULL;
}

/// The libmicrohttpd functions convertd calls, by their names without `MHD_`: the two variadic
/// ones first (Swift cannot call them; only the functions below do), then the rest.
#define CMICROHTTPD_VARIADIC(X) X(start_daemon) X(get_connection_info)
#define CMICROHTTPD_CALLED(X) \
    X(stop_daemon) X(add_connection) X(get_connection_values) X(get_connection_values_n) \
    X(create_response_from_buffer) X(create_response_from_buffer_with_free_callback_cls) \
    X(create_response_from_fd) X(destroy_response) X(add_response_header) X(queue_response) \
    X(http_unescape) X(get_version)

/// Those functions, looked up in the library when a server first starts (`CMicroHTTPD_load`)
/// rather than linked: the command-line tools never load it and its chain of GnuTLS libraries,
/// which cost a fifth of their start-up. Each callable field has the type of the function in
/// `microhttpd.h` and is never NULL once loaded; the variadic ones are kept untyped.
struct CMicroHTTPD_Functions {
#define CMICROHTTPD_UNTYPED(name) void *name;
#define CMICROHTTPD_TYPED(name) __typeof__(MHD_##name) * _Nonnull name;
    CMICROHTTPD_VARIADIC(CMICROHTTPD_UNTYPED)
    CMICROHTTPD_CALLED(CMICROHTTPD_TYPED)
#undef CMICROHTTPD_UNTYPED
#undef CMICROHTTPD_TYPED
};

/// The library's file: the ABI the header describes (Debian's libmicrohttpd12).
#define CMICROHTTPD_LIBRARY "libmicrohttpd.so.12"

/// Loads libmicrohttpd and fills `f` with its functions; NULL on success, else what failed
/// (`dlerror`'s text, valid until the next `dl` call). The library stays loaded for good.
static inline const char *CMicroHTTPD_load(struct CMicroHTTPD_Functions *f) {
    void *library = dlopen(CMICROHTTPD_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define CMICROHTTPD_FIND(name) \
    if (!(*(void **)&f->name = dlsym(library, "MHD_" #name))) return dlerror();
    CMICROHTTPD_VARIADIC(CMICROHTTPD_FIND)
    CMICROHTTPD_CALLED(CMICROHTTPD_FIND)
#undef CMICROHTTPD_FIND
    return NULL;
}

/// MHD_start_daemon with the options convertd sets. `settings` must outlive the daemon: the
/// log and URI trampolines read it.
static inline struct MHD_Daemon *CMicroHTTPD_start(const struct CMicroHTTPD_Functions *f, const struct CMicroHTTPD_Settings *s) {
    __typeof__(MHD_start_daemon) *start = (__typeof__(MHD_start_daemon) *)f->start_daemon;
    return start(s->flags, 0, NULL, NULL, s->handler, s->context,
                 MHD_OPTION_EXTERNAL_LOGGER, CMicroHTTPD_format_log, (void *)s,
                 MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->context,
                 MHD_OPTION_NOTIFY_CONNECTION, s->notify, s->context,
                 MHD_OPTION_UNESCAPE_CALLBACK, s->unescape, s->context,
                 MHD_OPTION_URI_LOG_CALLBACK, CMicroHTTPD_uri_logged, (void *)s,
                 MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
                 MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_client_limit,
                 MHD_OPTION_CONNECTION_TIMEOUT, s->connection_timeout,
                 MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->connection_memory_limit,
                 s->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
                 s->thread_pool_size,
                 MHD_OPTION_END);
}

/// MHD_get_connection_info for the kinds that take no further argument.
static inline const union MHD_ConnectionInfo *CMicroHTTPD_info(const struct CMicroHTTPD_Functions *f,
                                                              struct MHD_Connection *connection,
                                                              enum MHD_ConnectionInfoType kind) {
    __typeof__(MHD_get_connection_info) *info = (__typeof__(MHD_get_connection_info) *)f->get_connection_info;
    return info(connection, kind);
}

/// The per-connection pointer set in the connection-started notification.
static inline void *CMicroHTTPD_socket_context(const struct CMicroHTTPD_Functions *f, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = CMicroHTTPD_info(f, connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// The connection's socket.
static inline int CMicroHTTPD_socket(const struct CMicroHTTPD_Functions *f, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = CMicroHTTPD_info(f, connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The size of the current request's head, request line included; 0 before it is read.
static inline size_t CMicroHTTPD_head_size(const struct CMicroHTTPD_Functions *f, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = CMicroHTTPD_info(f, connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info ? info->header_size : 0;
}

/// The client's address.
static inline const struct sockaddr *CMicroHTTPD_client_address(const struct CMicroHTTPD_Functions *f, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = CMicroHTTPD_info(f, connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/// Keeps glibc's mmap threshold at `mmap_bytes` (it would otherwise rise to the largest block
/// freed) and trims the heap past `trim_bytes` of free memory at its top.
static inline void CMicroHTTPD_set_allocator_thresholds(int mmap_bytes, int trim_bytes) {
    mallopt(M_MMAP_THRESHOLD, mmap_bytes);
    mallopt(M_TRIM_THRESHOLD, trim_bytes);
}

/// Returns the free memory of every malloc arena to the system.
static inline void CMicroHTTPD_release_free_memory(void) {
    malloc_trim(0);
}

#endif
