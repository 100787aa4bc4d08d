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

/// The libmicrohttpd functions convertd calls, looked up in the library when a server first
/// starts (`CMicroHTTPD_load`) rather than linked: the command-line tools never load it and its
/// chain of GnuTLS libraries, which cost a fifth of their start-up. Each field has the type of
/// the function in `microhttpd.h` and is never NULL once loaded; the two variadic ones, which
/// Swift cannot call, are only called by the functions below.
struct CMicroHTTPD_Functions {
    void *start_daemon;
    void *get_connection_info;
    __typeof__(MHD_stop_daemon) * _Nonnull stop_daemon;
    __typeof__(MHD_add_connection) * _Nonnull add_connection;
    __typeof__(MHD_get_connection_values) * _Nonnull get_connection_values;
    __typeof__(MHD_get_connection_values_n) * _Nonnull get_connection_values_n;
    __typeof__(MHD_create_response_from_buffer) * _Nonnull create_response_from_buffer;
    __typeof__(MHD_create_response_from_buffer_with_free_callback_cls) * _Nonnull create_response_from_buffer_with_free_callback_cls;
    __typeof__(MHD_create_response_from_fd) * _Nonnull create_response_from_fd;
    __typeof__(MHD_destroy_response) * _Nonnull destroy_response;
    __typeof__(MHD_add_response_header) * _Nonnull add_response_header;
    __typeof__(MHD_queue_response) * _Nonnull queue_response;
    __typeof__(MHD_http_unescape) * _Nonnull http_unescape;
    __typeof__(MHD_get_version) * _Nonnull get_version;
};

/// The library's file: the ABI the header describes (Debian's libmicrohttpd12).
#define CMICROHTTPD_LIBRARY "libmicrohttpd.so.12"

/// Loads libmicrohttpd and fills `f` with its functions; NULL on success, else what failed
/// (`dlerror`'s text, valid until the next `dl` call). The library stays loaded for good.
static inline const char *CMicroHTTPD_load(struct CMicroHTTPD_Functions *f) {
    void *library = dlopen(CMICROHTTPD_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define CMICROHTTPD_FIND(field, name) \
    if (!(*(void **)&f->field = dlsym(library, #name))) return dlerror();
    CMICROHTTPD_FIND(start_daemon, MHD_start_daemon)
    CMICROHTTPD_FIND(get_connection_info, MHD_get_connection_info)
    CMICROHTTPD_FIND(stop_daemon, MHD_stop_daemon)
    CMICROHTTPD_FIND(add_connection, MHD_add_connection)
    CMICROHTTPD_FIND(get_connection_values, MHD_get_connection_values)
    CMICROHTTPD_FIND(get_connection_values_n, MHD_get_connection_values_n)
    CMICROHTTPD_FIND(create_response_from_buffer, MHD_create_response_from_buffer)
    CMICROHTTPD_FIND(create_response_from_buffer_with_free_callback_cls, MHD_create_response_from_buffer_with_free_callback_cls)
    CMICROHTTPD_FIND(create_response_from_fd, MHD_create_response_from_fd)
    CMICROHTTPD_FIND(destroy_response, MHD_destroy_response)
    CMICROHTTPD_FIND(add_response_header, MHD_add_response_header)
    CMICROHTTPD_FIND(queue_response, MHD_queue_response)
    CMICROHTTPD_FIND(http_unescape, MHD_http_unescape)
    CMICROHTTPD_FIND(get_version, MHD_get_version)
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
