/* >>threads: a plan's parallel-for hook, and the built-in pool (compiled only with GIR_THREADS) ----------------
   Without GIR_THREADS nothing here is compiled but the name gir__par, and every kernel runs on the calling
   thread. With it, a plan may carry a hook (gir_plan_set_parallel); the GEMM and long elementwise loops
   split their work into at most nthreads tasks that write disjoint parts of the output and do the same
   arithmetic, in the same order per element, as one thread does: results do not depend on the thread
   count, the hook or the order the tasks run in. The pool (POSIX threads; not with GIR_NO_POOL or
   GIR_NO_MALLOC) is one ready-made hook: nthreads - 1 workers plus the thread that calls it. */
typedef struct gir__par gir__par;
#if defined(GIR_THREADS)
struct gir__par {
    gir_parallel_fn fn;
    void           *user;
    int             nt;           /* tasks the hook is given at most; <= 1 or no fn: one thread */
    int            *missed;       /* the plan's count of tasks a hook did not run (gir_plan_run fails the step) */
};
static int gir__par_threads(const gir__par *par) { return par && par->fn && par->nt > 1 ? par->nt : 1; }
/* a task as the hook sees it: the real one, counted once it has run */
typedef struct gir__par_job { gir_task_fn task; void *ctx; int done; } gir__par_job;
static void gir__par_counted(void *job, int i) {
    gir__par_job *j = (gir__par_job *)job;
    j->task(j->ctx, i);
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
    __atomic_fetch_add(&j->done, 1, __ATOMIC_RELAXED);
#else
    ++j->done;                    /* a compiler without the builtins: counted as well as it can be */
#endif
}
/* task(ctx, i) for every i < n: through the hook when there is one and more than one task, else here in order.
   A hook that returns before every task ran adds the missing count to *par->missed. */
static void gir__par_for(const gir__par *par, int n, gir_task_fn task, void *ctx) {
    int i;
    if (n > 1 && gir__par_threads(par) > 1) {
        gir__par_job j;
        j.task = task; j.ctx = ctx; j.done = 0;
        par->fn(par->user, n, gir__par_counted, &j);
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
        i = __atomic_load_n(&j.done, __ATOMIC_ACQUIRE);
#else
        i = j.done;
#endif
        if (i != n && par->missed) *par->missed += n - i;
        return;
    }
    for (i = 0; i < n; ++i) task(ctx, i);
}

#if defined(GIR_HAVE_POOL)
#include <pthread.h>
/* The pool. One job at a time: the caller publishes (task, ctx, n), bumps gen and wakes the workers; every
   thread, the caller too, takes the next index under the lock until none is left; the caller returns when
   the last task has finished. A call that finds the pool busy (another thread's job, or a task that calls
   the pool again) runs its tasks itself, in order. */
struct gir_pool {
    pthread_mutex_t mu;
    pthread_cond_t  wake, done;
    pthread_t      *th;
    int             nth, started, stop, busy;
    unsigned        gen;
    gir_task_fn     task;
    void           *ctx;
    int             n, next, left;
};
/* runs tasks of the current job until none is left to take; called and returns with the lock held */
static void gir__pool_drain(gir_pool *q) {
    while (q->next < q->n) {
        int i = q->next++;
        gir_task_fn task = q->task;
        void *ctx = q->ctx;
        pthread_mutex_unlock(&q->mu);
        task(ctx, i);
        pthread_mutex_lock(&q->mu);
        if (--q->left == 0) pthread_cond_signal(&q->done);
    }
}
static void *gir__pool_worker(void *arg) {
    gir_pool *q = (gir_pool *)arg;
    unsigned seen;
    pthread_mutex_lock(&q->mu);
    seen = q->gen;
    for (;;) {
        while (!q->stop && q->gen == seen) pthread_cond_wait(&q->wake, &q->mu);
        if (q->stop) break;
        seen = q->gen;
        gir__pool_drain(q);
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}
GIR_API void gir_pool_free(gir_pool *q) {
    int k;
    if (!q) return;
    pthread_mutex_lock(&q->mu);
    q->stop = 1;
    pthread_cond_broadcast(&q->wake);
    pthread_mutex_unlock(&q->mu);
    for (k = 0; k < q->started; ++k) pthread_join(q->th[k], NULL);
    pthread_cond_destroy(&q->done);
    pthread_cond_destroy(&q->wake);
    pthread_mutex_destroy(&q->mu);
    GIR_FREE(q->th, NULL);
    GIR_FREE(q, NULL);
}
GIR_API gir_pool *gir_pool_new(int nthreads) {
    gir_pool *q;
    if (nthreads < 1 || nthreads > GIR_MAX_THREADS) return NULL;
    q = (gir_pool *)GIR_MALLOC(sizeof *q, NULL);
    if (!q) return NULL;
    GIR_MEMSET(q, 0, sizeof *q);
    q->nth = nthreads - 1;
    q->th = (pthread_t *)GIR_MALLOC(sizeof(pthread_t) * (size_t)(q->nth ? q->nth : 1), NULL);
    if (!q->th) { GIR_FREE(q, NULL); return NULL; }
    if (pthread_mutex_init(&q->mu, NULL) != 0) { GIR_FREE(q->th, NULL); GIR_FREE(q, NULL); return NULL; }
    if (pthread_cond_init(&q->wake, NULL) != 0) {
        pthread_mutex_destroy(&q->mu); GIR_FREE(q->th, NULL); GIR_FREE(q, NULL);
        return NULL;
    }
    if (pthread_cond_init(&q->done, NULL) != 0) {
        pthread_cond_destroy(&q->wake); pthread_mutex_destroy(&q->mu); GIR_FREE(q->th, NULL); GIR_FREE(q, NULL);
        return NULL;
    }
    for (; q->started < q->nth; ++q->started)
        if (pthread_create(&q->th[q->started], NULL, gir__pool_worker, q) != 0) {
            gir_pool_free(q);
            return NULL;
        }
    return q;
}
GIR_API int gir_pool_threads(const gir_pool *q) { return q ? q->nth + 1 : 0; }
GIR_API void gir_pool_parallel(void *user, int ntasks, gir_task_fn task, void *ctx) {
    gir_pool *q = (gir_pool *)user;
    int i;
    if (ntasks <= 0) return;
    if (q && q->nth > 0 && ntasks > 1) {
        pthread_mutex_lock(&q->mu);
        if (!q->busy) {
            q->busy = 1;
            q->task = task; q->ctx = ctx; q->n = ntasks; q->next = 0; q->left = ntasks;
            ++q->gen;
            pthread_cond_broadcast(&q->wake);
            gir__pool_drain(q);
            while (q->left > 0) pthread_cond_wait(&q->done, &q->mu);
            q->busy = 0;
            q->n = 0;
            pthread_mutex_unlock(&q->mu);
            return;
        }
        pthread_mutex_unlock(&q->mu);
    }
    for (i = 0; i < ntasks; ++i) task(ctx, i);
}
#endif /* GIR_HAVE_POOL */
#endif /* GIR_THREADS */
