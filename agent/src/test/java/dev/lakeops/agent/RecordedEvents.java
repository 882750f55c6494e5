package dev.lakeops.agent;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * A CDI {@link Event} for classes built without CDI: keeps what is fired, in order, and hands each
 * event to the observers a test adds, synchronously as CDI's {@code @Observes} would.
 */
public final class RecordedEvents<T> implements Event<T> {

  private final List<T> fired = new ArrayList<>();
  private final List<Consumer<? super T>> observers = new ArrayList<>();

  public RecordedEvents<T> observedBy(Consumer<? super T> observer) {
    observers.add(observer);
    return this;
  }

  @Override
  public void fire(T event) {
    synchronized (this) {
      fired.add(event);
    }
    observers.forEach(o -> o.accept(event));
  }

  public synchronized List<T> fired() {
    return List.copyOf(fired);
  }

  @Override
  public <U extends T> CompletionStage<U> fireAsync(U event) {
    fire(event);
    return CompletableFuture.completedFuture(event);
  }

  @Override
  public <U extends T> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
    return fireAsync(event);
  }

  @Override
  public Event<T> select(Annotation... qualifiers) {
    return this;
  }

  @Override
  public <U extends T> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
    throw new UnsupportedOperationException("not needed by the tests");
  }

  @Override
  public <U extends T> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
    throw new UnsupportedOperationException("not needed by the tests");
  }
}
