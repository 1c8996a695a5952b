import { useState } from 'react';
import type { LngLat } from '../../core/geo/lngLat.js';
import { DEFAULT_ZOOM } from '../../shared/defaults.js';

const GEOLOCATION_TIMEOUT_MS = 10_000;

/** "Use my location": asks the browser for the position, says in words when it cannot, and hands the point on. */
export function useGeolocation(onPosition: (point: LngLat, zoom: number) => void) {
  const [locating, setLocating] = useState(false);
  const [locationMessage, setLocationMessage] = useState('');

  const useCurrentPosition = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      console.log('Geolocation is not available in this browser.');
      setLocationMessage('This browser cannot share your position. Search by name or type the coordinates instead.');
      return;
    }
    setLocating(true);
    setLocationMessage('');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onPosition([position.coords.longitude, position.coords.latitude], DEFAULT_ZOOM);
      },
      (error) => {
        setLocating(false);
        console.log('Geolocation failed:', error.code, error.message);
        const why = error.code === error.PERMISSION_DENIED ? 'permission was refused' : error.code === error.TIMEOUT ? 'it took too long' : 'the position is unavailable';
        setLocationMessage(`Could not get your current position (${why}). Search by name or type the coordinates instead.`);
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  return { locating, locationMessage, setLocationMessage, useCurrentPosition };
}
